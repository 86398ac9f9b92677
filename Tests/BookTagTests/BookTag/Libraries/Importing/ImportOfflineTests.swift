import Foundation
import GRDB
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

    /// The genuine KOReader database keeps two rows of "Crime and Punishment" (two files of one
    /// book). With the second file read too (SYNTHETIC: given an MD5 and three pages on
    /// 16 February 2025), the book is one book with one drawn cover, never "1 book, 2 drawn".
    @Test func twoFilesOfOneBookAreOneBookWithOneDrawnCover() async throws {
        let home = try TemporaryHome()
        try Data(
            #"{"openlibrary": {"baseURL": "http://127.0.0.1:9", "coversURL": "http://127.0.0.1:9", "minRequestInterval": 0.1}}"#
                .utf8
        ).write(to: home.home.configFile)
        let file = home.folder.appendingPathComponent("statistics.sqlite3")
        try FileManager.default.copyItem(at: SyntheticSecondDevice.genuine, to: file)
        let queue = try DatabaseQueue(path: file.path)
        try await queue.write { db in
            try db.execute(sql: "UPDATE book SET md5 = ? WHERE id = 1", arguments: [String(repeating: "a", count: 32)])
            for page in 100...102 {
                try db.execute(
                    sql: "INSERT INTO page_stat_data VALUES (1, ?, ?, 110, 1146)",
                    arguments: [page, SyntheticSecondDevice.february16 + Int64(page) * 200])
            }
        }
        try queue.close()
        let run = try await BooktagProcess.run(["import", file.path, "--home", home.folder.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("\"currently-reading\": 1 book with no cover anywhere"), "\(run.errors)")
        let row = run.output.split(separator: "\n").first { $0.hasPrefix("currently-reading") }
        #expect(row?.split(separator: " ").prefix(3) == ["currently-reading", "1", "1"], "\(run.output)")
        let books = try await BooktagProcess.run(["books", "currently-reading", "--json", "--home", home.folder.path])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(books.output.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["title"] as? String } == ["Crime and Punishment"], "\(books.output)")
    }
}
