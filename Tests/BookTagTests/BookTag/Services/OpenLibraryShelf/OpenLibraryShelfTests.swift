import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// `add --shelf USER[/SHELF] --source openlibrary`: a reader's public Open Library reading log,
/// from the synthetic recording (fixtures/openlibrary-replay: reader mira_reads, 41 books on
/// already-read, 25 a page, newest shelved first, every fourth without a cover and one cover that
/// 404s; the last book is the genuine snippet's entry) and over HTTP from a loopback server.
@Suite(.serialized) struct OpenLibraryShelfTests {
    static let replay = ["--replay", Fixtures.openLibraryReplay.path]

    static func booktag(_ arguments: [String], home: TemporaryHome, environment: [String: String] = [:]) async throws
        -> BooktagProcess.Run
    {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path], environment: environment)
    }

    static func json(_ run: BooktagProcess.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.errors)")
    }

    /// The log's entries as the recording holds them, page by page.
    static func entries() throws -> [[String: Any]] {
        try (1...3).flatMap { page -> [[String: Any]] in
            let file = Fixtures.openLibraryReplay.appendingPathComponent(
                "api/people-mira_reads-books-already-read-page-\(page).json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            return try #require(object["reading_log_entries"] as? [[String: Any]])
        }
    }

    /// The year of a log: every book shelved in 2024, in the log's order (those without a cover
    /// with a drawn one), each the Open Library work it is, dated by the day it was shelved, and
    /// `stats` says the days are that and draws no calendar from them.
    @Test func aYearOfAReadingLog() async throws {
        let home = try TemporaryHome()
        let add = try await Self.booktag(
            [
                "add", "log 2024", "--shelf", "mira_reads", "--source", "openlibrary", "--year", "2024", "--count",
                "all", "--json",
            ] + Self.replay, home: home)
        #expect(add.status == 0, "\(add.errors)")
        let books = try #require(try Self.json(add)["books"] as? [[String: Any]])

        let expected = try Self.entries().filter { ($0["logged_date"] as! String).hasPrefix("2024/") }
        let withoutCover = expected.filter { entry in
            let work = entry["work"] as! [String: Any]
            return !(work["cover_id"] is Int) || work["cover_id"] as? Int == 8_000_000 + 5_600_006  // its cover 404s
        }
        #expect(expected.count >= 10 && !withoutCover.isEmpty)
        #expect(
            books.filter { $0["coverDrawn"] as? Bool == true }.map { $0["title"] as? String }
                == withoutCover.map { ($0["work"] as! [String: Any])["title"] as? String })
        #expect(
            books.map { $0["id"] as? String }
                == expected.map {
                    (($0["work"] as! [String: Any])["key"] as! String).replacingOccurrences(of: "/works/", with: "")
                })
        #expect(
            books.map { $0["title"] as? String } == expected.map { ($0["work"] as! [String: Any])["title"] as? String })
        #expect(
            books.map { $0["dateRead"] as? String }
                == expected.map { ($0["logged_date"] as! String).prefix(10).replacingOccurrences(of: "/", with: "-") })
        #expect(books.allSatisfy { $0["source"] as? String == "openlibrary" })
        #expect(add.errors.contains("41 books listed") && add.errors.contains("shelved in 2024"), "\(add.errors)")

        let store = try BookStore.open(home: home.home)
        let tag = try #require(try store.tag(TagName("log 2024")))
        #expect(
            tag.source == .openlibrary
                && tag.sourceDescription == "Open Library shelf mira_reads/already-read, shelved in 2024")
        let stats = try Self.json(try await Self.booktag(["stats", "log 2024", "--json"], home: home))
        var months = [Int](repeating: 0, count: 12)
        for entry in expected { months[Int((entry["logged_date"] as! String).dropFirst(5).prefix(2))! - 1] += 1 }
        #expect(stats["months"] as? [Int] == months && stats["books"] as? Int == expected.count)
        #expect(stats["calendar"] is NSNull, "a shelving day is not a reading day")
        let text = try await Self.booktag(["stats", "log 2024"], home: home)
        #expect(text.output.contains("books per month shelved (Open Library keeps no finish date)"), "\(text.output)")
    }

    /// A reroll takes books of the log the tag does not hold; `drop --replace` refills from it.
    @Test func rerollAndDropReplaceWorkOnTheLog() async throws {
        let home = try TemporaryHome()
        let add = try Self.json(
            try await Self.booktag(
                ["add", "mira", "--shelf", "mira_reads/already-read", "--source", "openlibrary", "--json"]
                    + Self.replay, home: home))
        let first = (add["books"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(first.count == 12 && add["pagesFetched"] as? [Int] == [1])
        let reroll = try await Self.booktag(["reroll", "mira", "--json"] + Self.replay, home: home)
        #expect(reroll.status == 0, "\(reroll.errors)")
        let second = (try Self.json(reroll)["books"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(!second.isEmpty && Set(second).isDisjoint(with: first), "none of the books it held")
        let drop = try await Self.booktag(["drop", "mira", second[0], "--replace", "--json"] + Self.replay, home: home)
        #expect(drop.status == 0, "\(drop.errors)")
        let held = try BookStore.open(home: home.home).books(of: TagName("mira")).map(\.book.bookID.value)
        #expect(held.count == second.count && !held.contains(second[0]))
    }

    /// Over HTTP: exactly the log's pages (no key, no other call), the interval kept. Page 2 lists
    /// fewer books than page 1: it is the last, and page 3 is never asked for.
    @Test func overHTTPTheLogIsReadPageByPageWithinTheThrottle() async throws {
        let server = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org")
        let home = try TemporaryHome()
        let base = server.baseURL.absoluteString
        try JSONSerialization.data(withJSONObject: [
            "openlibrary": [
                "baseURL": base, "coversURL": base + "/_/covers.openlibrary.org", "minRequestInterval": 0.2,
            ]
        ])
        .write(to: home.home.configFile)
        let run = try await Self.booktag(
            ["add", "all of it", "--shelf", "mira_reads", "--source", "openlibrary", "--count", "all"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let api = server.apiRequests
        #expect(
            api.map(\.path) == Array(repeating: "/people/mira_reads/books/already-read.json", count: 2),
            "\(api.map(\.path))")
        #expect(api.map { $0.query["page"] } == ["1", "2"])
        let gaps = zip(api.dropFirst(), api).map { $0.arrival - $1.arrival }
        #expect(gaps.allSatisfy { $0 >= 0.2 }, "\(gaps)")
        let entries = try Self.entries()
        let covered = entries.filter { ($0["work"] as! [String: Any])["cover_id"] is Int }.count
        let stored = try BookStore.open(home: home.home).books(of: TagName("all of it"))
        #expect(stored.count == entries.count, "every book of the log")
        #expect(
            stored.count { !$0.coverDrawn } == covered - 1, "drawn: those without a cover, and the cover that 404s")
    }

    @Test(arguments: [
        (["--shelf", "quiet_reader"], Int32(66), "Open Library has no public reading log quiet_reader/already-read"),
        (["--shelf", "nobody_here"], 66, "Open Library has no public reading log nobody_here/already-read"),
        (["--shelf", "mira_reads/read"], 64, "\"read\" is not an Open Library reading-log shelf"),
        (["--shelf", "../etc/already-read"], 64, "is not an Open Library username"),
        (
            ["--shelf", "mira_reads", "--year", "1999"], 66,
            "none of the 41 books on Open Library shelf mira_reads/already-read was shelved in 1999"
        ),
    ])
    func badLogsAreOneLineAndStoreNothing(arguments: [String], status: Int32, message: String) async throws {
        let home = try TemporaryHome()
        let run = try await Self.booktag(["add", "t", "--source", "openlibrary"] + arguments + Self.replay, home: home)
        #expect(run.status == status, "\(run.errors)")
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 1)
        #expect(try BookStore.open(home: home.home).tags().isEmpty && home.coverFilesOnDisk().isEmpty)
    }

    @Test func referencesAreCheckedBeforeAnyRequest() throws {
        #expect(try ShelfReference("mira_reads", source: .openlibrary).description == "mira_reads/already-read")
        #expect(try ShelfReference("Mira.Reads/Want-To-Read", source: .openlibrary).shelf == "want-to-read")
        #expect(throws: ShelfReferenceError.self) { try ShelfReference("a b", source: .openlibrary) }
        #expect(throws: ShelfReferenceError.self) { try ShelfReference("..", source: .openlibrary) }
        // A Goodreads shelf is stored as before; an Open Library one says whose it is.
        let goodreads = TagOrigin.shelf(try ShelfReference("12345/read"), year: nil)
        #expect(goodreads.storedValue.contains("\"source\"") == false)
        #expect(
            TagOrigin(
                storedValue: TagOrigin.shelf(try ShelfReference("mira", source: .openlibrary), year: 2025).storedValue)?
                .shelfSource == .openlibrary)
    }

    /// A list of books cannot look one up, and says which list it is; no request is made.
    @Test func listsRefuseToLookABookUp() async throws {
        let transport = ScriptedTransport([:])
        let sources: [any BookListSource] = [
            OpenLibraryShelfClient(transport: transport, throttle: nil),
            GoodreadsShelfClient(transport: transport, throttle: nil),
        ]
        for source in sources {
            await #expect(throws: BookSourceError.lookupNotOffered(by: source.listDescription)) {
                try await source.book(id: .openLibrary("OL45804W"))
            }
            await #expect(throws: BookSourceError.lookupNotOffered(by: source.listDescription)) {
                try await source.book(isbn: try ISBN("9780441172719"))
            }
        }
        #expect(
            sources.map { BookSourceError.lookupNotOffered(by: $0.listDescription).localizedDescription } == [
                "an Open Library reading log cannot look up a single book",
                "a Goodreads shelf feed cannot look up a single book",
            ])
        #expect(transport.requests.isEmpty)
    }
}
