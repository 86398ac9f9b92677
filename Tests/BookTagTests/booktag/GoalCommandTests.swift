import BookTagTestSupport
import Foundation
import Testing

/// `booktag goal` and what `stats` makes of it, as a reader runs them: on the genuine StoryGraph
/// export's 2024 (a past year) and on a SYNTHETIC export of this year whose undated rows and last
/// year's never count; the terminal says the JSON's numbers in words.
@Suite struct GoalCommandTests {
    /// A home whose Open Library cannot be reached (covers drawn, no network), with `file` imported
    /// for `year`.
    static func imported(_ file: URL, year: Int, environment: [String: String] = [:]) async throws -> TemporaryHome {
        let home = try TemporaryHome()
        try Data(#"{"openlibrary": {"baseURL": "http://127.0.0.1:9", "coversURL": "http://127.0.0.1:9"}}"#.utf8)
            .write(to: home.home.configFile)
        let run = try await BooktagProcess.run(
            ["import", file.path, "--year", String(year), "--home", home.folder.path, "--quiet"],
            environment: environment)
        try #require(run.status == 0, "\(run.errors)")
        return home
    }

    static func goal(_ home: TemporaryHome, _ tag: String, environment: [String: String] = [:]) async throws
        -> [String: Any]
    {
        let run = try await BooktagProcess.run(
            ["stats", tag, "--json", "--home", home.folder.path], environment: environment)
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return try #require(stats["goal"] as? [String: Any], "\(run.output)")
    }

    @Test func aPastYearOfTheGenuineExportIsMissedOrDone() async throws {
        let (books, _) = try StoryGraphTests.read(StoryGraphTests.raw)
        let read2024 = books.filter { $0.readDates.contains { $0.hasPrefix("2024-") } }
        let home = try await Self.imported(StoryGraphTests.raw, year: 2024)
        let path = home.folder.path
        let set = try await BooktagProcess.run(["goal", "2024", "30", "--pages", "9000", "--home", path])
        #expect(set.status == 0 && set.output == "goal for 2024: 30 books · 9,000 pages\n", "\(set.output)")
        let goal = try await Self.goal(home, "read 2024")
        #expect(goal["booksDone"] as? Int == read2024.count && read2024.count > 0)
        #expect(goal["status"] as? String == (read2024.count >= 30 ? "done" : "missed"))
        #expect(goal["percent"] as? Int == read2024.count * 100 / 30)
        #expect(goal["expected"] is NSNull && goal["projected"] is NSNull && goal["pages"] as? Int == 9000)
        // Open Library could not be asked: the export's own page counts, or none known (null).
        let pages = read2024.compactMap(\.pageCount)
        #expect(pages.isEmpty ? goal["pagesDone"] is NSNull : goal["pagesDone"] as? Int == pages.reduce(0, +))
        let text = try await BooktagProcess.run(["stats", "read 2024", "--home", path])
        #expect(text.output.contains("goal           \(read2024.count) of 30 books · goal missed"), "\(text.output)")

        // The poster's print (vector text) and the HTML collage say the same words.
        let words = "\(read2024.count) of 30 books · goal missed"
        let pdf = home.folder.appendingPathComponent("year.pdf")
        let print = try await BooktagProcess.run(
            ["collage", "read 2024", "--stats", "--print", "a3", "--offline", "--output", pdf.path, "--home", path])
        #expect(print.status == 0, "\(print.errors)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            let text = try PDFTools.run("pdftotext", [pdf.path, "-"]).output
            #expect(text.contains(words), "\(text)")
        }
        let html = try await BooktagProcess.run(
            ["collage", "read 2024", "--stats", "--format", "html", "--home", path, "--quiet"])
        #expect(html.status == 0, "\(html.errors)")
        let named = try FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path)
        let file = try #require(named.first { $0.hasPrefix("read-2024") && $0.hasSuffix(".html") }, "\(named)")
        let page = try String(contentsOf: home.home.collagesFolder.appendingPathComponent(file), encoding: .utf8)
        #expect(page.contains(words), "the HTML collage")

        // Raised past what was read: still missed; met: done. Cleared: no goal.
        _ = try await BooktagProcess.run(["goal", "2024", String(read2024.count), "--home", path])
        #expect(try await Self.goal(home, "read 2024")["status"] as? String == "done")
        let cleared = try await BooktagProcess.run(["goal", "2024", "--clear", "--home", path])
        #expect(cleared.status == 0)
        let after = try await BooktagProcess.run(["stats", "read 2024", "--json", "--home", path])
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(after.output.utf8)) as? [String: Any])
        #expect(stats["goal"] is NSNull)
        let again = try await BooktagProcess.run(["goal", "2024", "--clear", "--home", path])
        #expect(again.status == 66 && again.errors.hasPrefix("error: there is no goal for 2024"))
    }

    @Test func thisYearCountsOnlyItsOwnFinishedBooks() async throws {
        // SYNTHETIC: six books finished this year (in January, so before any "today"), two last
        // year, two on the read shelf with no date, one to read.
        let zone = ["TZ": "Etc/GMT-1"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Etc/GMT-1")!
        let before = calendar.dateComponents([.year], from: Date())
        let year = try #require(before.year)
        var books = SyntheticExport.books(count: 11)
        for index in books.indices {
            books[index].exclusiveShelf = index == 10 ? "to-read" : "read"
            books[index].shelves = []
            books[index].dateRead =
                index < 6 ? String(format: "%d/01/%02d", year, index + 2) : index < 8 ? "\(year - 1)/12/0\(index)" : nil
            books[index].readCount = nil
        }
        let home = try TemporaryHome()
        let file = home.folder.appendingPathComponent("goodreads_library_export.csv")
        try Data(SyntheticExport.csv(books).utf8).write(to: file)
        let imported = try await Self.imported(file, year: year, environment: zone)
        _ = try await BooktagProcess.run(["goal", String(year), "12", "--home", imported.folder.path])
        let goal = try await Self.goal(imported, "read \(year)", environment: zone)
        #expect(goal["booksDone"] as? Int == 6, "\(goal)")
        // The test's own arithmetic, on today as the reader's zone has it.
        let today = try #require(calendar.ordinality(of: .day, in: .year, for: Date()))
        let length = try #require(calendar.range(of: .day, in: .year, for: Date())).count
        guard calendar.dateComponents([.year], from: Date()).year == year else { return }  // a new year began meanwhile
        let share = Double(today) / Double(length)
        let expected = (12 * share * 10).rounded() / 10
        #expect(goal["expected"] as? Double == expected)
        #expect(goal["ahead"] as? Double == ((6 - expected) * 10).rounded() / 10)
        #expect(goal["projected"] as? Int == Int((6 / share).rounded()))
        let text = try await BooktagProcess.run(
            ["stats", "read \(year)", "--home", imported.folder.path], environment: zone)
        #expect(text.output.contains("goal           6 of 12 books"), "\(text.output)")
    }
}
