import Foundation
import Testing

/// `import` with no internet (a NAS on a home network): the reader's books are kept with drawn
/// covers and one warning says why, rather than the whole import failing; a later import that
/// reaches Open Library puts the real covers in.
@Suite struct ImportOfflineTests {
    @Test func anImportWithoutOpenLibraryKeepsEveryBookWithADrawnCover() async throws {
        let home = try TemporaryHome()
        // Nothing listens on port 9 of the loopback: every look-up is refused at once.
        try Data(
            #"{"openlibrary": {"baseURL": "http://127.0.0.1:9", "coversURL": "http://127.0.0.1:9", "minRequestInterval": 0.1}}"#
                .utf8
        ).write(to: home.home.configFile)
        let file = home.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: file, layout: .pageStatData)
        let run = try await BooktagProcess.run(
            ["import", file.path, "--prefix", "koreader", "--home", home.folder.path], environment: ["TZ": "Etc/GMT-1"])
        #expect(run.status == 0, "\(run.errors)")
        let warnings = run.errors.split(separator: "\n").filter { $0.hasPrefix("warning: cannot reach 127.0.0.1") }
        #expect(warnings.count == 1, "\(run.errors)")
        #expect(warnings.first?.contains("import again when online") == true)
        let books = try await BooktagProcess.run(["books", "koreader read", "--json", "--home", home.folder.path])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(books.output.utf8)) as? [[String: Any]])
        #expect(
            Set(rows.compactMap { $0["title"] as? String }) == ["The Glass Orchard", "North of Winter"],
            "\(books.output)")
        #expect(rows.allSatisfy { $0["coverDrawn"] as? Bool == true })
    }
}
