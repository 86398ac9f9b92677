import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Where each source keeps when a read began, and `stats --undated`.
extension ReadingYearTests {
    /// Hardcover's `user_book_reads` (a SYNTHETIC answer in the documented schema's shape):
    /// each read's `started_at` is kept with its `finished_at`; a read not finished is no read.
    @Test func hardcoverReadsKeepTheirStarts() throws {
        let json = """
            {"id": 7, "rating": 4.5, "last_read_date": "2025-03-02",
             "user_book_reads": [{"started_at": "2024-12-28", "finished_at": "2025-01-06"},
                                 {"started_at": "2025-02-20", "finished_at": "2025-03-02T21:00:00+00:00"},
                                 {"started_at": "2025-11-01", "finished_at": null}],
             "edition": null, "book": {"id": 900, "title": "A Book", "contributions": []}}
            """
        let userBook = try JSONDecoder().decode(HardcoverResponse.UserBook.self, from: Data(json.utf8))
        let folder = try TemporaryHome().folder
        let client = HardcoverClient(
            baseURL: URL(string: "http://127.0.0.1:1")!, token: "t",
            transport: try ReplayTransport(folder: Fixtures.shelfReplay),
            throttle: RequestThrottle(folder: folder))
        let reading = try #require(client.work(from: userBook)?.details?.reading)
        #expect(
            reading.reads == [
                ReadPeriod(start: "2024-12-28", finish: "2025-01-06"),
                ReadPeriod(start: "2025-02-20", finish: "2025-03-02"),
            ])
        let calendar = try #require(
            TagStats(tag: "h", year: 2025, readingRecords: true, books: [Self.book(1, reading)], today: Self.today)
                .calendar)
        #expect(calendar.readingDays == 6 + 11 && calendar.longestRun == 11)
    }

    /// BookWyrm's export (the SYNTHETIC file in its columns): `start_date` with `finish_date`.
    @Test func bookWyrmsExportKeepsItsStarts() throws {
        let file = Fixtures.packageRoot.appendingPathComponent(
            "fixtures/libraries/bookwyrm/bookwyrm-export-synthetic.csv")
        var books: [ImportedBook] = []
        _ = try BookWyrmExportReader.read(file) { books.append($0) }
        let piranesi = try #require(books.first { $0.title == "Piranesi" })
        #expect(piranesi.reading.reads == [ReadPeriod(start: "2024-12-20", finish: "2025-01-03")])
    }

    /// `stats --undated` lists a reader's books without a read date; a search has none to list.
    @Test func undatedListsTheBooksWithoutADay() async throws {
        let (books, _, home, file) = try ImportEndToEndTests.setUp(count: 40)
        let run = try await ImportEndToEndTests.booktag(
            ["import", file.path, "--shelf", "currently-reading", "--tag", "reading"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let reading = books.filter { $0.exclusiveShelf == "currently-reading" }
        let json = try await ImportEndToEndTests.booktag(["stats", "reading", "--undated", "--json"], home: home)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["title"] as? String }) == Set(reading.map(\.title)) && !reading.isEmpty)
        #expect(listed.allSatisfy { $0["source"] as? String == "goodreads" && $0["author"] is String })
        let text = try await ImportEndToEndTests.booktag(["stats", "reading", "--undated"], home: home)
        #expect(text.output.hasPrefix("\(reading.count) books of reading without a read date"), "\(text.output)")
        let stats = try await ImportEndToEndTests.booktag(["stats", "reading"], home: home)
        #expect(stats.status == 0 && !stats.output.contains("reading calendar"), "no year, no calendar")

        let search = try await CollageCommandTests.fantasy()
        let refused = try await ImportEndToEndTests.booktag(["stats", "fantasy", "--undated"], home: search)
        #expect(refused.status == 64 && refused.errors.split(separator: "\n").count == 1, "\(refused.errors)")
        #expect(refused.errors.contains("its books have no read dates"))
    }
}
