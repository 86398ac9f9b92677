import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A tag's numbers (`TagStats`, `booktag stats`): computed by hand for small sets with every
/// edge (the first and last day of a year and a month, books without pages, unrated books, a
/// book listed twice, ties, no author), for a synthetic export through `import`, and for the
/// shelf fixture against an independent reading of its feed.
@Suite struct StatsTests {
    static func book(
        _ id: Int, _ title: String, author: String? = "A", pages: Int? = nil, rating: Double? = nil, year: Int? = nil,
        stars: Int? = nil,
        read: String? = nil
    ) -> StatsBook {
        StatsBook(
            id: .goodreads(id), title: title, author: author, pages: pages, averageRating: rating, year: year,
            reading: Reading(rating: stars, dateRead: read))
    }

    @Test func aReadDayIsKeptOnlyWhenItIsOne() {
        #expect(
            Reading(dateRead: "2025-12-31").dateRead == "2025-12-31"
                && Reading(dateRead: "2024-02-29").dateRead == "2024-02-29")
        for text in [
            "2025-13-01", "2025-00-10", "2025-01-32", "2025-1-01", "+025-01-01", "2025/01/01", "2025-01-01T",
            "０２５-01-01", "",
        ] {
            #expect(Reading(dateRead: text).dateRead == nil, "\(text)")
        }
    }

    @Test func aReadersYearByHand() {
        let books = [
            Self.book(1, "First", author: "Austen", pages: 320, rating: 4.10, year: 1818, stars: 5, read: "2025-01-01"),
            Self.book(2, "Last", author: "Brontë", pages: nil, rating: 3.50, year: 2001, stars: 0, read: "2025-12-31"),
            Self.book(3, "Short", author: "Austen", pages: 96, rating: 3.90, year: 1990, stars: 3, read: "2025-06-15"),
            Self.book(
                4, "Long", author: "Calvino", pages: 1104, rating: 4.62, year: 2020, stars: 4, read: "2025-06-30"),
            Self.book(5, "Tied", author: "Calvino", pages: 1104, rating: 4.62, year: 1818, stars: nil, read: nil),
            // Listed twice.
            Self.book(1, "First", author: "Austen", pages: 320, rating: 4.10, year: 1818, stars: 5, read: "2025-01-01"),
            Self.book(6, "Anonymous", author: nil, pages: 0, rating: nil, year: nil, stars: 2, read: "2025-02-28"),
        ]
        let stats = TagStats(tag: "my 2025", year: 2025, readingRecords: true, books: books)
        #expect(stats.books == 6, "book 1 counts once")
        // Pages: 320 + 96 + 1104 + 1104 (book 2 unknown, book 6's 0 is unknown) = 2624 over 4 → 656.
        #expect(stats.pages.total == 2624 && stats.pages.known == 4 && stats.pages.average == 656)
        #expect(stats.pages.shortest?.id == .goodreads(3) && stats.pages.shortest?.value == 96)
        #expect(stats.pages.longest?.id == .goodreads(4), "a tie goes to the book first in the tag")
        // Average ratings 4.10, 3.50, 3.90, 4.62, 4.62 → 20.74 / 5 = 4.148 → 4.15.
        #expect(stats.ratings.average == 4.15)
        #expect(stats.ratings.highest?.id == .goodreads(4) && stats.ratings.highest?.value == 4.62)
        // Stars: 5, (0 = unrated), 3, 4, (none), 2 → 14 / 4 = 3.5.
        #expect(stats.ratings.mine == 3.5 && stats.ratings.rated == 4 && stats.ratings.stars == [0, 1, 1, 1, 1])
        // Mine − average where both: 5 − 4.10, 3 − 3.90, 4 − 4.62 → (0.9 − 0.9 − 0.62) / 3 = −0.2067 → −0.21.
        #expect(stats.ratings.versusAverage == -0.21)
        #expect(stats.months == [1, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1] && stats.undated == 1)
        #expect(stats.authors.distinct == 3)
        #expect(
            stats.authors.top == [
                .init(name: "Austen", books: 2), .init(name: "Calvino", books: 2), .init(name: "Brontë", books: 1),
            ])
        #expect(stats.published.oldest?.id == .goodreads(1) && stats.published.newest?.id == .goodreads(4))
    }

    @Test func aSearchHasNoReadingPartsAndUnknownsAreNull() throws {
        let books = [Self.book(1, "One", stars: 4, read: "2025-03-03"), Self.book(2, "Two", author: nil)]
        let stats = TagStats(tag: "fantasy", year: nil, readingRecords: false, books: books)
        #expect(
            stats.ratings.mine == nil && stats.ratings.rated == nil && stats.ratings.stars == nil
                && stats.ratings.versusAverage == nil)
        #expect(stats.months == nil && stats.undated == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(stats)) as? [String: Any])
        let pages = try #require(json["pages"] as? [String: Any])
        #expect(
            pages["total"] is NSNull && pages["average"] is NSNull && pages["shortest"] is NSNull
                && pages["known"] as? Int == 0)
        let ratings = try #require(json["ratings"] as? [String: Any])
        #expect(
            ["average", "mine", "rated", "stars", "versusAverage", "highest"].allSatisfy { ratings[$0] is NSNull },
            "\(ratings)")
        #expect(json["months"] is NSNull && json["undated"] is NSNull && json["year"] is NSNull)
        let published = try #require(json["published"] as? [String: Any])
        #expect(published["oldest"] is NSNull && published["newest"] is NSNull)
        #expect((json["authors"] as? [String: Any])?["distinct"] as? Int == 1)
    }

    @Test func theJSONHasSpecsShape() throws {
        let stats = TagStats(
            tag: "t", year: 2025, readingRecords: true,
            books: [
                Self.book(7, "Seven", author: "Z", pages: 123, rating: 3.25, year: 1999, stars: 4, read: "2025-05-05")
            ])
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(stats)) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "tag", "year", "books", "pages", "ratings", "months", "undated", "authors", "published", "formats",
                "moods", "pace",
            ])
        #expect(
            json["formats"] is NSNull && json["moods"] is NSNull && json["pace"] is NSNull,
            "a Goodreads book says none of them")
        #expect((json["pages"] as? [String: Any])?["fromOpenLibrary"] as? Int == 0)
        let shortest = try #require((json["pages"] as? [String: Any])?["shortest"] as? [String: Any])
        #expect(
            shortest["source"] as? String == "goodreads" && shortest["id"] as? String == "7"
                && shortest["title"] as? String == "Seven")
        #expect(shortest["pages"] as? Int == 123 && shortest.count == 4)
        let highest = try #require((json["ratings"] as? [String: Any])?["highest"] as? [String: Any])
        #expect(highest["rating"] as? Double == 3.25)
        let oldest = try #require((json["published"] as? [String: Any])?["oldest"] as? [String: Any])
        #expect(oldest["year"] as? Int == 1999)
    }
}

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

/// `collage --stats`: the numbers and charts under the covers, never over one.
@Suite struct StatsCollageTests {
    /// Pixels of exactly `color` inside `box`: bars are filled rectangles of the accent colour.
    static func count(_ color: CollageTheme.RGB, in image: DecodedImage, box: CollagePlan.Rect) -> Int {
        var count = 0
        for y in box.y..<min(image.height, box.maxY) {
            for x in box.x..<min(image.width, box.maxX) where image.rgb(x, y) == color { count += 1 }
        }
        return count
    }

    @Test(arguments: [nil, "story", "wallpaper", "4k", "square", "64x640"], [CollageLayout.grid, .rows])
    func theBandIsUnderEveryCover(size: String?, layout: CollageLayout) throws {
        for charts in [true, false] {
            let planner = CollagePlanner(
                size: try size.map(CollageSize.init(parsing:)), columns: nil, layout: layout, fit: .contain,
                labelLines: 1, showsTitle: true,
                showsStats: true, statsHaveCharts: charts)
            let plan = try planner.plan(aspects: Array(repeating: 2.0 / 3.0, count: 12))
            let band = try #require(plan.stats)
            #expect(band.height > 0 && band.maxY <= plan.credit.y + plan.credit.height && band.maxX <= plan.width)
            for cell in plan.cells {
                #expect(
                    (cell.label ?? cell.frame).maxY <= band.y && cell.frame.maxY <= band.y,
                    "\(size ?? "natural") \(layout): a cover reaches into the band")
            }
        }
    }

    @Test func aShelfStoryPosterByDayAndByNight() async throws {
        let home = try TemporaryHome()
        let add = try await StatsCommandTests.booktag(
            ["add", "shelf", "--shelf", "12345/read", "--count", "all", "--replay", Fixtures.shelfReplay.path],
            home: home)
        #expect(add.status == 0, "\(add.errors)")
        let stats = try BookStore.open(home: home.home).stats(of: TagName("shelf"))
        #expect(stats.charts.count == 2, "a shelf has months and stars")
        for night in [false, true] {
            let output = home.folder.appendingPathComponent("story-\(night).png")
            #expect(try await StatsCommandTests.booktag(["night", night ? "on" : "off"], home: home).status == 0)
            let run = try await StatsCommandTests.booktag(
                ["collage", "shelf", "--stats", "--size", "story", "--output", output.path], home: home)
            #expect(run.status == 0, "\(run.errors)")
            let image = try DecodedImage(try Data(contentsOf: output))
            #expect(image.width == 1080 && image.height == 1920)
            let theme = CollageTheme.forNightMode(night)
            let planner = CollagePlanner(
                size: try CollageSize(parsing: "story"), columns: nil, layout: .grid, fit: .contain, labelLines: 0,
                showsTitle: true, showsStats: true)
            let band = try #require(try planner.plan(aspects: Array(repeating: 2.0 / 3.0, count: 1)).stats)
            #expect(
                image.rgb(band.x, band.maxY - 1) == theme.background,
                "the band is on the \(night ? "night" : "day") background")
            #expect(Self.count(theme.accent, in: image, box: band) > 2_000, "the bars are drawn in the accent colour")
        }
    }

    @Test func thePageShowsTheNumbersAndChartsAsInertSVG() throws {
        let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
        let stats = TagStats(
            tag: "my <b>2025</b>", year: 2025, readingRecords: true,
            books: [
                StatsTests.book(
                    1, hostile, author: "\"quoted\" & <i>", pages: 96, rating: 4.5, year: 1999, stars: 5,
                    read: "2025-01-02"),
                StatsTests.book(2, "Long", pages: 1104, rating: 3.5, year: 2001, stars: 3, read: "2025-03-04"),
            ])
        let page = CollagePage(title: stats.tag, books: [], theme: .night, stats: stats).html()
        #expect(HTMLAudit.scriptCapableMarkup(in: page).isEmpty, "\(HTMLAudit.scriptCapableMarkup(in: page))")
        #expect(!page.contains("<script>alert") && page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("content=\"\(CollagePage.contentSecurityPolicy)\""), "the CSP is unchanged")
        #expect(page.contains("2 books · 1,200 pages · my stars 4.00"))
        #expect(
            page.contains("aria-label=\"books per month: J 1, F 0, M 1,")
                && page.contains("aria-label=\"stars given: 1★ 0, 2★ 0, 3★ 1, 4★ 0, 5★ 1\""))
        #expect(page.components(separatedBy: "<rect ").count - 1 == 12 + 5, "a bar for every month and every star")
    }

    @Test func theGalleryShowsEachTagsHeadline() async throws {
        let home = try TemporaryHome()
        let add = try await StatsCommandTests.booktag(
            ["add", "shelf", "--shelf", "12345/read", "--count", "all", "--replay", Fixtures.shelfReplay.path],
            home: home)
        #expect(add.status == 0, "\(add.errors)")
        let run = try await StatsCommandTests.booktag(["collage", "--all", "--format", "html", "--stats"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let headline = try BookStore.open(home: home.home).stats(of: TagName("shelf")).headline
        let gallery = try String(
            contentsOf: home.home.collagesFolder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains(headline.htmlEscaped), "\(headline)")
        let page = try String(
            contentsOf: home.home.collagesFolder.appendingPathComponent("shelf.html"), encoding: .utf8)
        #expect(page.contains("<svg") && HTMLAudit.scriptCapableMarkup(in: page).isEmpty)
    }

    @Test func aSearchTagGetsNumbersButNoCharts() async throws {
        let home = try await CollageCommandTests.fantasy()
        let run = try await StatsCommandTests.booktag(["collage", "fantasy", "--stats", "--size", "story"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let image = try DecodedImage(
            try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("fantasy.png")))
        let planner = CollagePlanner(
            size: try CollageSize(parsing: "story"), columns: nil, layout: .grid, fit: .contain, labelLines: 0,
            showsTitle: true, showsStats: true,
            statsHaveCharts: false)
        let band = try #require(try planner.plan(aspects: [2.0 / 3.0]).stats)
        #expect(Self.count(CollageTheme.day.accent, in: image, box: band) == 0, "no bars for a search")
        #expect(Self.count(CollageTheme.day.text, in: image, box: band) > 200, "the headline is drawn")
        // Recorded: the next reroll draws the numbers too.
        #expect(try BookStore.open(home: home.home).tag(TagName("fantasy"))?.collageStyle?.stats == true)
    }
}
