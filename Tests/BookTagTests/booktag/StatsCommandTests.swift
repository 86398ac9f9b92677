import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `booktag stats` end to end.
@Suite(.serialized) struct StatsCommandTests {
    static func booktag(_ arguments: [String], home: TemporaryHome) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path])
    }

    static func json(_ run: BooktagProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.errors)")
    }

    /// A SYNTHETIC export whose numbers were worked out by hand.
    @Test func anExportsYearComparedFieldByField() async throws {
        func book(
            _ index: Int, _ title: String, author: String, read: String?, stars: Int, pages: Int, rating: Double,
            year: Int, shelves: [String] = [],
            readCount: Int? = nil
        ) -> SyntheticExport.Book {
            let isbn10 = SyntheticExport.isbn10For(61_000_000 + index)
            return SyntheticExport.Book(
                bookID: 61_000_000 + index, title: title, author: author, isbn10: isbn10,
                isbn13: try? ISBN(isbn10).isbn13,
                knownISBNs: [isbn10, (try? ISBN(isbn10).isbn13) ?? ""], coverID: 7_000 + index, dateRead: read,
                dateAdded: "2024/01/01",
                myRating: stars, exclusiveShelf: "read", shelves: shelves, pages: pages, averageRating: rating,
                originalYear: year, readCount: readCount)
        }
        let books = [
            book(0, "New Year", author: "Ann Ash", read: "2025/01/01", stars: 5, pages: 320, rating: 4.10, year: 1818),
            book(1, "Year End", author: "Bo Birch", read: "2025/12/31", stars: 0, pages: 0, rating: 3.50, year: 2001),
            book(
                2, "Mid June", author: "Ann Ash", read: "2025/06/15", stars: 3, pages: 96, rating: 3.90, year: 1990,
                shelves: ["favourites"]),
            book(
                3, "June's Last", author: "Cy Cedar", read: "2025/06/30", stars: 4, pages: 1104, rating: 4.62,
                year: 2020, readCount: 2),
            book(4, "Last Year", author: "Cy Cedar", read: "2024/12/31", stars: 1, pages: 50, rating: 2.00, year: 1700),
            book(5, "Leap Day", author: "Di Dale", read: "2024/02/29", stars: 2, pages: 400, rating: 3.00, year: 2024),
        ]
        let openLibrary = try FakeOpenLibrary(books: books)
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let file = home.folder.appendingPathComponent("goodreads_library_export.csv")
        try Data(SyntheticExport.csv(books).utf8).write(to: file)
        let imported = try await Self.booktag(["import", file.path, "--year", "2025", "--tag", "my 2025"], home: home)
        #expect(imported.status == 0, "\(imported.errors)")

        let stats = try Self.json(try await Self.booktag(["stats", "my 2025", "--json"], home: home))
        // Books read in 2025, newest first: Year End, June's Last, Mid June, New Year.
        #expect(stats["tag"] as? String == "my 2025" && stats["year"] as? Int == 2025 && stats["books"] as? Int == 4)
        let pages = try #require(stats["pages"] as? [String: Any])
        // 1104 + 96 + 320 = 1520 over 3 (Year End has none) → 506.67 → 507.
        #expect(pages["total"] as? Int == 1520 && pages["known"] as? Int == 3 && pages["average"] as? Int == 507)
        #expect((pages["shortest"] as? [String: Any])?["title"] as? String == "Mid June")
        #expect((pages["shortest"] as? [String: Any])?["pages"] as? Int == 96)
        #expect((pages["longest"] as? [String: Any])?["title"] as? String == "June's Last")
        let ratings = try #require(stats["ratings"] as? [String: Any])
        // (3.50 + 4.62 + 3.90 + 4.10) / 4 = 4.03; mine (4 + 3 + 5) / 3 = 4; versus ((4 − 4.62) + (3 − 3.90) + (5 − 4.10)) / 3 = −0.2067.
        #expect(ratings["average"] as? Double == 4.03)
        #expect(
            ratings["mine"] as? Double == 4 && ratings["rated"] as? Int == 3
                && ratings["stars"] as? [Int] == [0, 0, 1, 1, 1])
        #expect(ratings["versusAverage"] as? Double == -0.21)
        #expect((ratings["highest"] as? [String: Any])?["title"] as? String == "June's Last")
        #expect((ratings["highest"] as? [String: Any])?["rating"] as? Double == 4.62)
        #expect(stats["months"] as? [Int] == [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1] && stats["undated"] as? Int == 0)
        let authors = try #require(stats["authors"] as? [String: Any])
        #expect(authors["distinct"] as? Int == 3)
        let top = try #require(authors["top"] as? [[String: Any]])
        #expect(
            top.map { $0["name"] as? String } == ["Ann Ash", "Bo Birch", "Cy Cedar"]
                && top.map { $0["books"] as? Int } == [2, 1, 1])
        let published = try #require(stats["published"] as? [String: Any])
        #expect(
            (published["oldest"] as? [String: Any])?["year"] as? Int == 1818
                && (published["newest"] as? [String: Any])?["year"] as? Int == 2020)

        // The whole read shelf, every year: the leap day and the last day of 2024 join.
        let shelf = try await Self.booktag(["import", file.path, "--shelf", "read", "--tag", "read"], home: home)
        #expect(shelf.status == 0, "\(shelf.errors)")
        let all = try Self.json(try await Self.booktag(["stats", "read", "--json"], home: home))
        #expect(all["books"] as? Int == 6 && all["year"] is NSNull)
        #expect(all["months"] as? [Int] == [1, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 2])
        #expect(((all["published"] as? [String: Any])?["oldest"] as? [String: Any])?["title"] as? String == "Last Year")

        let text = try await Self.booktag(["stats", "my 2025"], home: home)
        #expect(text.status == 0 && text.output.contains("1,520 (known for 3 of 4) · average 507"), "\(text.output)")
        #expect(text.output.contains("books per month read") && text.output.contains("stars given"))
    }

    /// `--fetch` goes through show's path for the books without pages and keeps what it gets; a
    /// book the source lacks is counted in one warning; without `--fetch` nothing is asked.
    @Test func fetchFillsInPagesAndKeepsThem() async throws {
        let home = try TemporaryHome()
        let add = try await Self.booktag(
            ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home)
        #expect(add.status == 0, "\(add.errors)")
        let before = try Self.json(try await Self.booktag(["stats", "fantasy", "--json"], home: home))
        #expect(
            (before["pages"] as? [String: Any])?["known"] as? Int == 0,
            "a search has no pages until details are fetched")

        let recorded = try String(
            contentsOf: Fixtures.replay.appendingPathComponent("api/book-show-5100000.xml"), encoding: .utf8)
        let pages = try #require(
            recorded.firstMatch(of: /<num_pages><!\[CDATA\[(\d+)\]\]><\/num_pages>/).flatMap { Int($0.1) })
        let fetched = try await Self.booktag(
            ["stats", "fantasy", "--fetch", "--json", "--replay", Fixtures.replay.path], home: home)
        #expect(fetched.status == 0, "\(fetched.errors)")
        #expect(
            fetched.errors.split(separator: "\n").count == 1
                && fetched.errors.contains("11 of 12 books' details could not be had"), "\(fetched.errors)")
        let after = try #require(try Self.json(fetched)["pages"] as? [String: Any])
        #expect(after["known"] as? Int == 1 && after["total"] as? Int == pages)

        let kept = try Self.json(try await Self.booktag(["stats", "fantasy", "--json"], home: home))
        #expect((kept["pages"] as? [String: Any])?["total"] as? Int == pages, "kept in the store")
        let again = try await Self.booktag(
            ["stats", "fantasy", "--fetch", "--replay", Fixtures.replay.path], home: home)
        #expect(again.errors.contains("11 of 11"), "only the books still without pages are asked for")

        // Fetched for the tag's numbers, not asked for by the reader: they go with the tag.
        let fetchedID = BookID.goodreads(5_100_000)
        let store = try BookStore.open(home: home.home)
        #expect(try store.book(id: fetchedID)?.details.pageCount == pages)
        #expect(try await Self.booktag(["remove", "fantasy"], home: home).status == 0)
        #expect(try store.book(id: fetchedID) == nil && home.coverFilesOnDisk().isEmpty)
    }

    /// The shelf fixture, against its feed read by Foundation's XMLParser (not booktag's decoder).
    @Test func theShelfFixtureAgainstItsFeed() async throws {
        let home = try TemporaryHome()
        let add = try await Self.booktag(
            ["add", "shelf", "--shelf", "12345/read", "--count", "all", "--replay", Fixtures.shelfReplay.path],
            home: home)
        #expect(add.status == 0, "\(add.errors)")
        let listed = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try await Self.booktag(["books", "shelf", "--json"], home: home).output.utf8))
                as? [[String: Any]])
        let held = listed.compactMap { $0["id"] as? String }
        var items: [String: [String: String]] = [:]
        for page in 1...3 {
            let data = try Data(
                contentsOf: Fixtures.shelfReplay.appendingPathComponent("api/list_rss-12345-read-p\(page).xml"))
            for item in FeedItems.read(data) { if let id = item["book_id"] { items[id] = item } }
        }
        let feed = held.compactMap { items[$0] }
        #expect(feed.count == held.count)
        let pages = feed.compactMap { $0["num_pages"].flatMap(Int.init) }.filter { $0 > 0 }
        let stars = feed.compactMap { $0["user_rating"].flatMap(Int.init) }.filter { $0 > 0 }
        let days = feed.compactMap { $0["user_read_at"] }.filter { !$0.isEmpty }

        let stats = try Self.json(try await Self.booktag(["stats", "shelf", "--json"], home: home))
        #expect(stats["books"] as? Int == held.count)
        let counted = try #require(stats["pages"] as? [String: Any])
        #expect(counted["total"] as? Int == pages.reduce(0, +) && counted["known"] as? Int == pages.count)
        #expect((counted["shortest"] as? [String: Any])?["pages"] as? Int == pages.min())
        #expect((counted["longest"] as? [String: Any])?["pages"] as? Int == pages.max())
        let ratings = try #require(stats["ratings"] as? [String: Any])
        #expect(ratings["rated"] as? Int == stars.count)
        #expect(ratings["stars"] as? [Int] == (1...5).map { value in stars.count { $0 == value } })
        let months = try #require(stats["months"] as? [Int])
        #expect(
            months.reduce(0, +) + (stats["undated"] as? Int ?? -1) == held.count && months.reduce(0, +) == days.count)
    }
}

extension StatsCommandTests {
    /// A year of a shelf read to its end knows the year before, counted here from the feed read
    /// by XMLParser; a shelf read only as far as 3 books does not.
    @Test func aShelfsYearKnowsTheYearBeforeOnlyWhenReadWhole() async throws {
        var items: [String: [String: String]] = [:]
        for page in 1...3 {
            let data = try Data(
                contentsOf: Fixtures.shelfReplay.appendingPathComponent("api/list_rss-12345-read-p\(page).xml"))
            for item in FeedItems.read(data) { if let id = item["book_id"] { items[id] = item } }
        }
        // `user_read_at` is RFC 822: "Tue, 22 Apr 2025 00:00:00 -0700".
        func year(_ item: [String: String]) -> String? {
            let parts = (item["user_read_at"] ?? "").split(separator: " ")
            return parts.count > 3 ? String(parts[3]) : nil
        }
        let read2024 = items.values.filter { year($0) == "2024" }
        #expect(!read2024.isEmpty)
        for (count, whole) in [("all", true), ("3", false)] {
            let home = try TemporaryHome()
            let add = try await Self.booktag(
                [
                    "add", "my 2025", "--shelf", "12345/read", "--year", "2025", "--count", count, "--replay",
                    Fixtures.shelfReplay.path,
                ], home: home)
            #expect(add.status == 0, "\(add.errors)")
            let stats = try Self.json(try await Self.booktag(["stats", "my 2025", "--json"], home: home))
            if whole {
                let previous = try #require(stats["previous"] as? [String: Any], "\(stats)")
                let pages = read2024.compactMap { $0["num_pages"].flatMap(Int.init) }.filter { $0 > 0 }
                #expect(previous["year"] as? Int == 2024 && previous["books"] as? Int == read2024.count)
                #expect(previous["pages"] as? Int == (pages.isEmpty ? nil : pages.reduce(0, +)))
            } else {
                #expect(stats["previous"] is NSNull, "3 books need only the first page")
            }
        }
    }
}

/// A shelf feed's `<item>` fields, read with Foundation's XMLParser.
private final class FeedItems: NSObject, XMLParserDelegate {
    var items: [[String: String]] = []
    private var current: [String: String]?
    private var text = ""

    static func read(_ data: Data) -> [[String: String]] {
        let reader = FeedItems()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        // A feed that does not parse gives no items, so the counts compared with it fail.
        guard parser.parse() else { return [] }
        return reader.items
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "item" { current = [:] }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "item", let item = current {
            items.append(item)
            current = nil
        } else {
            current?[name] = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
