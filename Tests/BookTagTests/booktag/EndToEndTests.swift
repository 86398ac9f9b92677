import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The built `booktag` binary, run as a subprocess against the bundled recording (`--replay`)
/// and against a loopback server that serves the same recording over HTTP.
@Suite(.serialized) struct EndToEndTests {
    static let secret = "e2e-secret-key-7f3a9c"

    /// Runs booktag with `home` as its home.
    static func booktag(
        _ arguments: [String], home: TemporaryHome, environment: [String: String] = [:],
        terminals: BooktagProcess.Terminals = []
    ) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(
            arguments + ["--home", home.folder.path], environment: environment, terminals: terminals)
    }

    /// Environment pointing booktag at a loopback server, with a key.
    static func serverEnvironment(_ server: ReplayServer) -> [String: String] {
        ["BOOKTAG_BASE_URL": server.baseURL.absoluteString, "BOOKTAG_API_KEY": secret]
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    static func isOneErrorLine(_ errors: String) -> Bool {
        errors.hasPrefix("error: ") && errors.split(separator: "\n").count == 1
    }

    @Test func addOnTheReplayPrintsTheBooksAndWritesTheCollage() async throws {
        let home = try TemporaryHome()
        let run = try await Self.booktag(
            ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#") == true)
        #expect(lines.filter { $0.first?.isNumber == true }.count == 12)
        let collage = try #require(lines.last.flatMap { $0.hasPrefix("collage: ") ? String($0.dropFirst(9)) : nil })
        #expect(collage == home.home.collagesFolder.appendingPathComponent("fantasy.png").path)
        let png = try Data(contentsOf: URL(fileURLWithPath: collage))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Not a terminal: a note, no progress line, no colour.
        #expect(
            run.errors == "added \"fantasy\": 12 books with covers from Goodreads search pages 1, 2 of 3 (52 results)\n"
        )
        #expect(!run.output.contains("\u{1B}"))
        let store = try BookStore.open(home: home.home)
        #expect(try store.books(of: TagName("fantasy")).count == 12)
        #expect(home.coverFilesOnDisk().count == 12)
    }

    @Test func aSecondAddOfTheSameTagMakesNoRequest() async throws {
        let home = try TemporaryHome()
        let server = try ReplayServer(recording: Fixtures.replay)
        let environment = Self.serverEnvironment(server)
        let first = try await Self.booktag(["add", "Fantasy", "--json"], home: home, environment: environment)
        #expect(first.status == 0, "\(first.errors)")
        let requests = server.server.requests.count
        #expect(server.apiRequests.count == 2 && server.coverRequests.count >= 12)
        let second = try await Self.booktag(["add", "  FANTASY "], home: home, environment: environment)
        #expect(second.status == 0)
        #expect(server.server.requests.count == requests, "no request at all for a tag that exists")
        #expect(
            second.errors.contains(
                "\"Fantasy\" already exists with 12 books; nothing changed: 'booktag reroll Fantasy'"))
        #expect(second.output.contains("collage: "))
        // The key travels only in the API requests' query, never out.
        #expect(server.apiRequests.allSatisfy { $0.query["key"] == Self.secret })
        for text in [first.output, first.errors, second.output, second.errors] {
            #expect(!text.contains(Self.secret))
        }
    }

    @Test func verboseShowsRequestsWithTheKeyMaskedAndTheThrottleWaits() async throws {
        let home = try TemporaryHome()
        let server = try ReplayServer(recording: Fixtures.replay)
        let run = try await Self.booktag(
            ["add", "fantasy", "--verbose"], home: home, environment: Self.serverEnvironment(server))
        #expect(run.status == 0, "\(run.errors)")
        let requestLines = run.errors.split(separator: "\n").filter { $0.hasPrefix("GET http") }
        #expect(requestLines.count == 2)
        #expect(requestLines.allSatisfy { $0.contains("key=REDACTED") && $0.contains("→ 200") })
        #expect(run.errors.contains("GET cover http://127.0.0.1"))
        #expect(run.errors.contains("waiting "), "the second page waits for its turn")
        #expect(!run.errors.contains(Self.secret) && !run.output.contains(Self.secret))
    }

    @Test func progressIsDrawnOnlyOnATerminal() async throws {
        let home = try TemporaryHome()
        let run = try await Self.booktag(
            ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home,
            terminals: [.errors])
        #expect(run.status == 0)
        #expect(run.errors.contains("\r\u{1B}[K"))
        #expect(run.errors.contains("12/12 books with covers"))
        #expect(run.errors.contains("fantasy: page 2 of 3"))
        let quiet = try await Self.booktag(
            ["add", "tiny", "--source", "goodreads", "--replay", Fixtures.replay.path, "--quiet"], home: home,
            terminals: [.errors])
        #expect(quiet.status == 0)
        #expect(!quiet.errors.contains("\r") && !quiet.errors.contains("added"))
        #expect(quiet.errors.contains("only 3 of the 5 books"), "warnings survive --quiet")
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() async throws {
        let home = try TemporaryHome()
        #expect(
            try await Self.booktag(
                ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home
            ).status == 0)
        let coloured = try await Self.booktag(["list"], home: home, terminals: [.output])
        #expect(coloured.status == 0 && coloured.output.contains("\u{1B}[1;34mTAG"))
        let plain = try await Self.booktag(["list"], home: home, environment: ["NO_COLOR": "1"], terminals: [.output])
        #expect(plain.status == 0 && plain.output.hasPrefix("TAG") && !plain.output.contains("\u{1B}"))
        let piped = try await Self.booktag(["list"], home: home)
        #expect(!piped.output.contains("\u{1B}"))
        // Night mode picks the palette for dark terminals.
        #expect(try await Self.booktag(["night", "on"], home: home).status == 0)
        let night = try await Self.booktag(["list"], home: home, terminals: [.output])
        #expect(night.output.contains("\u{1B}[1;96mTAG"))
        let error = try await Self.booktag(["books", "nope"], home: home, terminals: [.errors])
        #expect(error.errors.contains("\u{1B}[1;31merror:"))
        let plainError = try await Self.booktag(
            ["books", "nope"], home: home, environment: ["NO_COLOR": "1"], terminals: [.errors])
        #expect(plainError.errors.hasPrefix("error: "))
    }

    @Test func rerollReplacesTheSetAndTheCollage() async throws {
        let home = try TemporaryHome()
        let replay = ["--replay", Fixtures.replay.path]
        #expect(try await Self.booktag(["add", "fantasy", "--source", "goodreads"] + replay, home: home).status == 0)
        let collage = home.home.collagesFolder.appendingPathComponent("fantasy.png")
        let before = try Data(contentsOf: collage)
        let oldIDs = try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.bookID)
        let run = try await Self.booktag(["reroll", "fantasy", "--json"] + replay, home: home)
        #expect(run.status == 0, "\(run.errors)")
        let result = try #require(try Self.json(run.output) as? [String: Any])
        #expect(result["tag"] as? String == "fantasy" && result["changed"] as? Bool == true)
        let pages = try #require(result["pagesFetched"] as? [Int])
        #expect(pages.first != 1, "another page than the current one")
        let books = try #require(result["books"] as? [[String: Any]])
        #expect(books.count == 12)
        #expect(books.map { $0["id"] as? String } != oldIDs.map(\.value))
        #expect(books.allSatisfy { $0["source"] as? String == "goodreads" })
        #expect(result["collage"] as? String == collage.path)
        #expect(try Data(contentsOf: collage) != before)
        #expect(
            try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.bookID.value)
                == books.compactMap { $0["id"] as? String })
        // Every cover on disk is one the store references.
        #expect(
            home.coverFilesOnDisk()
                == Set(try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.coverPath)))
    }

    @Test func aFailedRerollLeavesTheSetAndTheCollageByteForByte() async throws {
        let home = try TemporaryHome()
        #expect(
            try await Self.booktag(
                ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home
            ).status == 0)
        let collage = home.home.collagesFolder.appendingPathComponent("fantasy.png")
        let collageBefore = try Data(contentsOf: collage)
        let database = try home.checkpointedDatabase()
        let covers = try home.coverFileContents()
        // A server that fails every search after the first page: the reroll cannot gather.
        let server = try ReplayServer(recording: Fixtures.replay) { request in
            request.path.hasPrefix("/search")
                ? LoopbackServer.Reply(status: 401, body: Data("Invalid API key.".utf8)) : nil
        }
        let run = try await Self.booktag(
            ["reroll", "fantasy"], home: home, environment: Self.serverEnvironment(server))
        #expect(run.status == 76 && Self.isOneErrorLine(run.errors), "\(run.status) \(run.errors)")
        #expect(try Data(contentsOf: collage) == collageBefore)
        #expect(try home.coverFileContents() == covers)
        #expect(try home.checkpointedDatabase() == database)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path).filter {
            $0.hasPrefix(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }
}
