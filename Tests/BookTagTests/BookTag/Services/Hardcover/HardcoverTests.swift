import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// A reader's Hardcover library through the built binary, against a SYNTHETIC Hardcover made from
/// the documented schema (`SyntheticHardcover`) and a fake Open Library for the books Hardcover
/// has no image of.
@Suite(.serialized) struct HardcoverTests {
    static func booktag(_ arguments: [String], home: TemporaryHome, environment: [String: String] = [:]) async throws
        -> BooktagProcess.Run
    {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path], environment: environment)
    }

    /// A home whose config points at `hardcover` (token in the file unless `tokenInFile` is false)
    /// and at `openLibrary`, both without the one-second floor (loopback).
    static func home(_ hardcover: SyntheticHardcover, openLibrary: URL, tokenInFile: Bool = true) throws
        -> TemporaryHome
    {
        let home = try TemporaryHome()
        let token = tokenInFile ? #""token": "Bearer \#(hardcover.token)", "# : ""
        let config = """
            {"hardcover": {\(token)"baseURL": "\(hardcover.endpoint.absoluteString)", "minRequestInterval": 0.2},
             "openlibrary": {"baseURL": "\(openLibrary.absoluteString)", "coversURL": "\(openLibrary.absoluteString)",
                             "minRequestInterval": 0.2}}
            """
        try Data(config.utf8).write(to: home.home.configFile)
        return home
    }

    /// Open Library's side: the imageless books, known by their ISBN.
    static func openLibrary(for hardcover: SyntheticHardcover) throws -> FakeOpenLibrary {
        let imageless = hardcover.books.filter { !$0.hasImage }
        return try FakeOpenLibrary(
            books: imageless.enumerated().map { index, book in
                SyntheticExport.Book(
                    bookID: book.id, title: book.title, author: book.author, isbn10: nil, isbn13: book.isbn13,
                    knownISBNs: book.isbn13.map { [$0] } ?? [], coverID: 9_000 + index, dateRead: nil,
                    dateAdded: "2025/01/01", myRating: 0, exclusiveShelf: "read", shelves: [])
            })
    }

    @Test func aYearWithRereadsHalfStarsAndCoversFromOpenLibrary() async throws {
        let hardcover = try SyntheticHardcover()
        let openLibrary = try Self.openLibrary(for: hardcover)
        let home = try Self.home(hardcover, openLibrary: openLibrary.baseURL)
        let run = try await Self.booktag(
            ["add", "my 2025", "--source", "hardcover", "--year", "2025", "--count", "all", "--json", "-v"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        // Every read book finished in 2025 (a re-read counted once), newest read first.
        let expected = hardcover.books.filter { $0.status == 3 && $0.finished.contains { $0.hasPrefix("2025") } }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let books = try #require(json["books"] as? [[String: Any]])
        #expect(books.count == expected.count)
        #expect(Set(books.compactMap { $0["id"] as? String }) == Set(expected.map { String($0.id) }))
        // 130 books of which 119 are read: two pages of 100.
        #expect(hardcover.queries.count == 2)
        #expect(!openLibrary.searchRequests.isEmpty, "covers of books without an image came from Open Library")
        // Half stars and every read are kept.
        let store = try BookStore.open(home: home.home)
        let tag = try #require(try store.tag(TagName("my 2025")))
        let entries = try store.books(of: TagName(tag.name))
        let reread = try #require(expected.first { $0.finished.count > 1 && $0.rating != nil })
        let kept = try #require(entries.first { $0.book.bookID.value == String(reread.id) })
        #expect(kept.reading?.stars == reread.rating)
        #expect(kept.reading?.readDates == reread.finished.sorted())
        // The token is in no output, and the verbose lines show the POSTs.
        #expect(run.errors.contains("POST http://127.0.0.1"))
        #expect(!run.output.contains(hardcover.token) && !run.errors.contains(hardcover.token))
        let stats = try await Self.booktag(["stats", "my 2025", "--json"], home: home)
        #expect(stats.status == 0)
        #expect(stats.output.contains("\"books\" : \(expected.count)"))
    }

    @Test func aRecordingReplaysWithoutTheTokenAndHoldsItNowhere() async throws {
        let hardcover = try SyntheticHardcover(count: 30)
        let openLibrary = try Self.openLibrary(for: hardcover)
        let home = try Self.home(hardcover, openLibrary: openLibrary.baseURL)
        let recording = home.folder.appendingPathComponent("recording")
        let recorded = try await Self.booktag(
            ["add", "read", "--source", "hardcover", "--record", recording.path], home: home)
        #expect(recorded.status == 0, "\(recorded.errors)")
        let files =
            FileManager.default.enumerator(at: recording, includingPropertiesForKeys: nil)?.allObjects
            as? [URL] ?? []
        for file in files where !file.hasDirectoryPath {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data(hardcover.token.utf8)) == nil, "\(file.lastPathComponent) holds the token")
        }
        // Elsewhere, with no token and no network (the same addresses, as a recording is looked
        // up by them), the same books.
        let elsewhere = try Self.home(hardcover, openLibrary: openLibrary.baseURL, tokenInFile: false)
        let replayed = try await Self.booktag(
            ["add", "read", "--source", "hardcover", "--replay", recording.path, "--json"], home: elsewhere)
        #expect(replayed.status == 0, "\(replayed.errors)")
        let first = try BookStore.open(home: home.home).books(of: TagName("read")).map(\.book.bookID)
        let second = try BookStore.open(home: elsewhere.home).books(of: TagName("read")).map(\.book.bookID)
        #expect(first == second && first.count == 12)
    }

    @Test(arguments: [
        ("no token", 78, "no Hardcover token"),
        ("wrong token", 76, "Hardcover refused the token"),
        ("graphql error", 76, "Hardcover answered with an error: field"),
        ("data null", 76, "\"data\" is null"),
        ("me empty", 76, "Hardcover refused the token"),
        ("429 then fine", 0, ""),
        ("429 always", 76, "Hardcover asked to slow down"),
        ("html page", 76, "unusable Hardcover answer"),
        ("huge page", 76, "sent more than 10 MiB"),
    ])
    func refusalsAreOneLineAndStoreNothing(fault: String, status: Int32, message: String) async throws {
        let hardcover = try SyntheticHardcover(count: 20) { request, number in
            guard request.path == "/v1/graphql" else { return nil }
            let json = ["Content-Type": "application/json"]
            switch fault {
            case "graphql error":
                return LoopbackServer.Reply(
                    headers: json,
                    body: Data(
                        #"{"errors":[{"message":"field 'user_books' not found in type: 'users'","extensions":{"code":"validation-failed"}}]}"#
                            .utf8))
            case "data null": return LoopbackServer.Reply(headers: json, body: Data(#"{"data":null}"#.utf8))
            case "me empty": return LoopbackServer.Reply(headers: json, body: Data(#"{"data":{"me":[]}}"#.utf8))
            case "429 then fine" where number == 0, "429 always":
                return LoopbackServer.Reply(
                    status: 429, headers: json.merging(["Retry-After": "1"]) { $1 },
                    body: Data(#"{"error":"API rate limit exceeded for tier 'Free'. Try again in 1 seconds."}"#.utf8))
            case "huge page":
                return LoopbackServer.Reply(
                    headers: json, body: Data(repeating: UInt8(ascii: " "), count: 11 * 1024 * 1024),
                    behaviour: .answerWithoutLength)
            case "html page":
                return LoopbackServer.Reply(
                    status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body>hi</body></html>".utf8)
                )
            default: return nil
            }
        }
        let openLibrary = try Self.openLibrary(for: hardcover)
        let home = try Self.home(hardcover, openLibrary: openLibrary.baseURL, tokenInFile: fault != "no token")
        let environment = fault == "wrong token" ? ["BOOKTAG_HARDCOVER_TOKEN": "Bearer nope"] : [:]
        let run = try await Self.booktag(
            ["add", "read", "--source", "hardcover"], home: home, environment: environment)
        #expect(run.status == status, "\(fault): \(run.errors)")
        guard status != 0 else { return }
        let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(lines.count == 1 && lines[0].contains(message), "\(fault): \(run.errors)")
        #expect(!run.errors.contains(hardcover.token))
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
    }

    @Test func rerollAndDropReplaceWorkOnALibraryAsOnAShelf() async throws {
        let hardcover = try SyntheticHardcover(count: 60)
        let openLibrary = try Self.openLibrary(for: hardcover)
        let home = try Self.home(hardcover, openLibrary: openLibrary.baseURL)
        #expect(try await Self.booktag(["add", "hc", "--source", "hardcover"], home: home).status == 0)
        let store = try BookStore.open(home: home.home)
        let before = Set(try store.books(of: TagName("hc")).map(\.book.bookID))
        let reroll = try await Self.booktag(["reroll", "hc"], home: home)
        #expect(reroll.status == 0, "\(reroll.errors)")
        let after = try store.books(of: TagName("hc")).map(\.book.bookID)
        #expect(after.count == 12 && Set(after).isDisjoint(with: before), "a reroll picks books the tag did not hold")
        let drop = try await Self.booktag(["drop", "hc", "1", "--replace"], home: home)
        #expect(drop.status == 0, "\(drop.errors)")
        let dropped = try store.books(of: TagName("hc")).map(\.book.bookID)
        #expect(dropped.count == 12 && dropped[0] != after[0] && !after.contains(dropped[0]))
    }

    @Test func shelvesAreCheckedBeforeAnyRequest() throws {
        #expect(try ShelfReference("", source: .hardcover).hardcoverStatus == 3)
        #expect(try ShelfReference("Want-To-Read", source: .hardcover).hardcoverStatus == 1)
        #expect(throws: ShelfReferenceError.self) { try ShelfReference("favourites", source: .hardcover) }
        #expect(SourceToken.cleaned("  Bearer abc.def  ") == "abc.def")
        #expect(SourceToken.cleaned("   ") == nil)
        let body = String(decoding: HardcoverQuery.body(status: 3, page: 2), as: UTF8.self)
        #expect(body.contains(#""variables":{"limit":100,"offset":100,"status":3}"#))
    }
}
