import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// `add --shelf`: a reader's public Goodreads shelf feed, from the synthetic recording and over
/// HTTP from a loopback server serving it (fixtures/shelf-replay: 45 books on 12345/read, 20 a
/// page, page 2 in UTF-16, 15 read in 2025 of which 3 have no usable cover).
@Suite(.serialized) struct ShelfEndToEndTests {
    static let replay = ["--replay", Fixtures.shelfReplay.path]

    static func booktag(_ arguments: [String], home: TemporaryHome, environment: [String: String] = [:]) async throws
        -> BooktagProcess.Run
    {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path], environment: environment)
    }

    static func json(_ run: BooktagProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    /// "My 2025 in books" from a shelf: every book read in 2025, across three pages; those whose
    /// cover is a placeholder or fails have a drawn one.
    @Test func aYearOfReadingFromAShelf() async throws {
        let home = try TemporaryHome()
        let add = try await Self.booktag(
            ["add", "my 2025", "--shelf", "12345/read", "--year", "2025", "--count", "all", "--json"] + Self.replay,
            home: home)
        #expect(add.status == 0, "\(add.errors)")
        let added = try Self.json(add)
        let books = try #require(added["books"] as? [[String: Any]])
        #expect(books.count == 15, "15 read in 2025, 2 placeholders and one cover that 404s: all kept")
        #expect(
            books.allSatisfy {
                ($0["dateRead"] as? String)?.hasPrefix("2025-") == true && $0["source"] as? String == "goodreads"
            })
        #expect(added["from"] as? String == "Goodreads shelf 12345/read, read in 2025")
        #expect(
            added["pagesFetched"] as? [Int] == [1, 2, 3], "pages in turn until one is shorter than those before it")
        // The feed's order is kept: ids rise through the shelf.
        let ids = books.compactMap { ($0["id"] as? String).flatMap(Int.init) }
        #expect(ids == ids.sorted() && ids.first == 7_100_000)
        let drawn = books.filter { $0["coverDrawn"] as? Bool == true }.compactMap {
            ($0["id"] as? String).flatMap(Int.init)
        }
        #expect(drawn == [7_100_006, 7_100_012, 7_100_033], "the placeholders and the cover that 404s are drawn")
        #expect(add.errors.contains("3 of the 15 books have no cover anywhere: drawn"), "\(add.errors)")
        #expect(home.coverFilesOnDisk().count == 15)

        // show and books tell the reader's own record; the description is sanitised.
        let shown = try Self.json(try await Self.booktag(["show", "--id", "7100003", "--json"], home: home))
        #expect(
            shown["myRating"] as? Int == 3 && shown["dateRead"] as? String == "2025-04-22"
                && shown["shownFrom"] as? String == "store")
        #expect(shown["isbn13"] as? String == "9780071000031" && shown["pages"] as? Int == 183)
        let description = try #require(shown["description"] as? String)
        #expect(description.contains("Before") && !description.contains("onerror") && !description.contains("<"))
        let byISBN = try await Self.booktag(["show", "0071000038"], home: home)
        #expect(
            byISBN.status == 0 && byISBN.output.contains("read:      2025-04-22")
                && byISBN.output.contains("my rating: 3/5"))
        let listing = try await Self.booktag(["books", "my 2025"], home: home)
        #expect(listing.output.contains("MINE") && listing.output.contains("2025-04-22"))
        #expect(listing.errors.contains("15 books from Goodreads shelf 12345/read, read in 2025"))
        let list = try await Self.booktag(["list"], home: home)
        #expect(list.output.contains("Goodreads shelf 12345/read, read in 2025"))

        let html = try await Self.booktag(["collage", "my 2025", "--format", "html"], home: home)
        #expect(html.status == 0, "\(html.errors)")
        let pageFile = CollageMaker(store: try BookStore.open(home: home.home)).defaultFile(
            for: try TagName("my 2025"), format: .html)
        let page = try String(contentsOf: pageFile, encoding: .utf8)
        #expect(HTMLAudit.scriptCapableMarkup(in: page).isEmpty)
        #expect(page.contains("&lt;script&gt;") || !page.contains("<script>alert"))

        // Every covered 2025 book is held, so a reroll has nothing else: same books, said so.
        let reroll = try await Self.booktag(["reroll", "my 2025"] + Self.replay, home: home)
        #expect(
            reroll.status == 0 && reroll.errors.contains("has no other books with covers, so the books are the same"),
            "\(reroll.errors)")

        #expect(try await Self.booktag(["remove", "my 2025"], home: home).status == 0)
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
    }

    /// A shelf tag's reroll takes books it does not hold yet, from the same shelf.
    @Test func rerollPicksOtherBooksOfTheShelf() async throws {
        let home = try TemporaryHome()
        let add = try Self.json(
            try await Self.booktag(["add", "robin", "--shelf", "12345", "--json"] + Self.replay, home: home))
        let first = Set((add["books"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(first.count == 12 && add["pagesFetched"] as? [Int] == [1])
        let reroll = try await Self.booktag(["reroll", "robin", "--json"] + Self.replay, home: home)
        #expect(reroll.status == 0, "\(reroll.errors)")
        let rerolled = try Self.json(reroll)
        let second = Set((rerolled["books"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(second.count == 12 && second.isDisjoint(with: first), "none of the books it held")
        #expect(rerolled["from"] as? String == "Goodreads shelf 12345/read")
    }

    /// Over HTTP: exactly the feed pages, no key, the interval kept, the doubled size token
    /// dropped from the cover's address. Page 3 lists 5 books after pages of 20: it is the last,
    /// and page 4 is never asked for.
    @Test func overHTTPTheFeedIsReadPageByPageWithinTheThrottle() async throws {
        let server = try ReplayServer(recording: Fixtures.shelfReplay)
        let home = try TemporaryHome()
        try Data(#"{"goodreads": {"minRequestInterval": 0.2}}"#.utf8).write(to: home.home.configFile)
        let run = try await Self.booktag(
            ["add", "shelf", "--shelf", "12345/read", "--count", "all"], home: home,
            environment: ["BOOKTAG_BASE_URL": server.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.errors)")
        let api = server.apiRequests
        #expect(api.map(\.path) == Array(repeating: "/review/list_rss/12345", count: 3))
        #expect(
            api.map { $0.query["page"] } == ["1", "2", "3"]
                && api.allSatisfy { $0.query["shelf"] == "read" && $0.query["key"] == nil })
        let gaps = zip(api.dropFirst(), api).map { $0.arrival - $1.arrival }
        #expect(gaps.allSatisfy { $0 >= 0.2 }, "\(gaps)")
        #expect(server.coverRequests.contains { $0.path.hasSuffix("/7100009.jpg") }, "the doubled token is dropped")
        #expect(
            server.coverRequests.contains { $0.path.hasSuffix("/7100025.jpg") }, "page 2, in UTF-16, names covers too")
        #expect(run.errors.contains("45 books listed"))
    }

    @Test(arguments: [
        (["--shelf", "99999"], Int32(66), "Goodreads shelf 99999/read has no books"),
        (["--shelf", "424242"], 76, "Goodreads answered with a web page, not the shelf's feed"),
        (["--shelf", "sam"], 64, "\"sam\" is not a Goodreads user id"),
        (["--shelf", "12345/../x"], 64, "is not a Goodreads shelf name"),
        (
            ["--shelf", "12345", "--year", "1999"], 66,
            "none of the 45 books on Goodreads shelf 12345/read was read in 1999"
        ),
        (["--year", "2025"], 64, "a year needs a shelf"),
        (["--count", "all"], 64, "a count of all needs a shelf"),
        (
            ["--shelf", "12345/read", "--source", "openlibrary"], 64,
            "\"read\" is not an Open Library reading-log shelf"
        ),
    ])
    func badShelvesAreOneLineAndStoreNothing(arguments: [String], status: Int32, message: String) async throws {
        let home = try TemporaryHome()
        let run = try await Self.booktag(["add", "t"] + arguments + Self.replay, home: home)
        #expect(run.status == status, "\(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
        let errorLines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errorLines.count == 1)
        #expect(try BookStore.open(home: home.home).tags().isEmpty && home.coverFilesOnDisk().isEmpty)
    }

    /// A feed that is an entity bomb or reaches for a local file is refused in bounded time.
    @Test func hostileFeedsAreRefused() async throws {
        let bomb = try Fixtures.data("hostile/billion-laughs.xml")
        let server = try ReplayServer(recording: Fixtures.shelfReplay) { request in
            request.path.hasPrefix("/review/list_rss/")
                ? LoopbackServer.Reply(headers: ["Content-Type": "application/rss+xml"], body: bomb) : nil
        }
        let home = try TemporaryHome()
        let run = try await Self.booktag(
            ["add", "t", "--shelf", "12345"], home: home,
            environment: ["BOOKTAG_BASE_URL": server.baseURL.absoluteString])
        #expect(run.status == 76 && run.errors.contains("unusable shelf feed"), "\(run.errors)")
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
    }
}
