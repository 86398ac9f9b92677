import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Broken books and answers, an unreachable server, the client over HTTP.
extension OpenLibraryEndToEndTests {
    /// A malformed work record: `show` prints the edition's fields with a warning naming what is
    /// missing, keeps nothing, and the next `show` asks again (and keeps it once it is whole).
    @Test func aPartlyBrokenBookIsShownNotKept() async throws {
        let broken = Locked(true)
        let server = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org") {
            request in
            guard request.path == "/works/OL5100000W.json", broken.withLock({ $0 }) else { return nil }
            return LoopbackServer.Reply(body: Data(#"{"key": "/works/OL5100000W", "title": "#.utf8))
        }
        let home = try TemporaryHome()
        let base = server.baseURL.absoluteString
        try JSONSerialization.data(withJSONObject: [
            "openlibrary": ["baseURL": base, "coversURL": base + "/_/covers.openlibrary.org", "minRequestInterval": 0]
        ])
        .write(to: home.home.configFile)
        let first = try await Self.booktag(["show", "9781234567897", "--source", "openlibrary", "--json"], home: home)
        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.errors.contains(
                "warning: Open Library sent the work OL5100000W (its description, first publication year and ratings) malformed"
            ), "\(first.errors)")
        #expect(first.errors.contains("the next 'booktag show' asks again"))
        #expect((try Self.json(first) as? [String: Any])?["title"] as? String != nil)
        #expect(try BookStore.open(home: home.home).book(isbn: ISBN("9781234567897")) == nil)
        let worksAsked = { server.apiRequests.filter { $0.path == "/works/OL5100000W.json" }.count }
        #expect(worksAsked() == 1)

        broken.withLock { $0 = false }
        let second = try await Self.booktag(["show", "9781234567897", "--json"], home: home)
        #expect(second.status == 0 && !second.errors.contains("malformed"), "\(second.errors)")
        #expect(worksAsked() == 2, "asked again")
        #expect((try Self.json(second) as? [String: Any])?["shownFrom"] as? String == "network")
        let third = try await Self.booktag(["show", "9781234567897", "--json"], home: home)
        #expect((try Self.json(third) as? [String: Any])?["shownFrom"] as? String == "store")
        #expect(worksAsked() == 2)
    }

    /// Offline: a server nothing answers for (here a closed port, as an unresolvable name is) is
    /// tried once more after a quick pause, not retried with back-off until the connect timeout;
    /// the one error line says what to check.
    @Test func anUnreachableServerGetsOneQuickRetryAndOneLine() async throws {
        // Held, not freed: a freed port could be given to a test running beside this one.
        let closed = try ClosedPort()
        let base = closed.baseURL.absoluteString
        let home = try TemporaryHome()
        try JSONSerialization.data(withJSONObject: ["openlibrary": ["baseURL": base, "coversURL": base]]).write(
            to: home.home.configFile)
        let run = try await Self.booktag(["add", "fantasy", "--source", "openlibrary", "-v"], home: home)
        #expect(run.status == 69)
        let lines = run.errors.split(separator: "\n")
        let retries = lines.filter { $0.contains("retrying in") }
        #expect(retries.count == 1, "\(run.errors)")
        #expect(retries.first?.contains("retrying in 0.") == true, "\(run.errors)")
        #expect(lines.filter { $0.hasPrefix("error: ") || $0.contains("error:") }.count == 1)
        #expect(run.errors.contains("cannot reach 127.0.0.1: are you online?"))
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
        withExtendedLifetime(closed) {}
    }

    /// Live-shaped: the recording served over HTTP, with a contact configured and the throttle on.
    @Test func overHTTPTheClientIsIdentifiedAndThrottled() async throws {
        let server = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org")
        let home = try TemporaryHome()
        let base = server.baseURL.absoluteString
        let config: [String: Any] = [
            "openlibrary": [
                "baseURL": base, "coversURL": base + "/_/covers.openlibrary.org", "contact": "reader@example.org",
                "minRequestInterval": 0.3,
            ]
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: home.home.configFile)
        let recording = home.folder.appendingPathComponent("recording")
        let add = try await Self.booktag(["add", "fantasy", "--json", "--record", recording.path], home: home)
        #expect(add.status == 0, "\(add.errors)")
        let show = try await Self.booktag(["show", "9781234567897", "--json"], home: home)
        #expect(show.status == 0, "\(show.errors)")
        let api = server.apiRequests
        #expect(
            api.map(\.path) == [
                "/subjects/fantasy.json", "/subjects/fantasy.json",
                "/isbn/9781234567897.json", "/books/OL1000001M.json", "/works/OL5100000W.json",
                "/authors/OL900000A.json", "/works/OL5100000W/ratings.json",
            ])
        #expect(
            server.server.requests.allSatisfy {
                $0.headers["user-agent"] == "booktag/\(BookTagVersion.current) (reader@example.org)"
            })
        let arrivals = api.map(\.arrival).sorted()
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= 0.3 }, "API gaps \(gaps)")
        #expect(server.coverRequests.count >= 12)

        // What was recorded replays in a fresh home (same addresses configured) without asking
        // the server anything: the same books.
        let fresh = try TemporaryHome()
        try JSONSerialization.data(withJSONObject: config).write(to: fresh.home.configFile)
        let replayed = try await Self.booktag(["add", "fantasy", "--json", "--replay", recording.path], home: fresh)
        #expect(replayed.status == 0, "\(replayed.errors)")
        func ids(_ run: BooktagProcess.Run) throws -> [String] {
            ((try Self.json(run) as? [String: Any])?["books"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
                ?? []
        }
        #expect(try ids(add) == ids(replayed) && ids(add).count == 12)
        #expect(
            server.server.requests.count == api.count + server.coverRequests.count,
            "the replay asked nothing of the server")
    }

    /// A rate limit without Retry-After, a broken answer, an oversized one: one line each, in
    /// bounded time, and nothing stored.
    @Test(arguments: ["403", "malformed", "huge", "array"])
    func badAnswersLeaveTheStoreAsItWas(fault: String) async throws {
        let huge = Data(repeating: UInt8(ascii: " "), count: 11 * 1024 * 1024)
        let server = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org") {
            request in
            guard request.path.hasPrefix("/subjects/") else { return nil }
            switch fault {
            case "403": return LoopbackServer.Reply(status: 403, body: Data("Forbidden".utf8))
            case "malformed":
                return LoopbackServer.Reply(body: Data(#"{"work_count": 12, "works": [{"key": "/works/OL1W""#.utf8))
            case "huge":
                return LoopbackServer.Reply(body: Data("{\"works\": [".utf8) + huge, behaviour: .answerWithoutLength)
            default: return LoopbackServer.Reply(body: Data("[1, 2, 3]".utf8))
            }
        }
        let home = try TemporaryHome()
        let base = server.baseURL.absoluteString
        try JSONSerialization.data(withJSONObject: [
            "openlibrary": ["baseURL": base, "coversURL": base, "minRequestInterval": 0]
        ])
        .write(to: home.home.configFile)
        let run = try await Self.booktag(["add", "fantasy"], home: home)
        #expect(run.status == 76 && Self.isOneErrorLine(run.errors), "\(fault): \(run.status) \(run.errors)")
        #expect(server.apiRequests.count == 1, "\(fault): not retried")
        switch fault {
        case "403": #expect(run.errors.contains("Open Library is limiting requests: wait"))
        case "malformed": #expect(run.errors.contains("unusable Open Library response: the JSON is malformed"))
        case "huge": #expect(run.errors.contains("more than 10 MiB"))
        default: #expect(run.errors.contains("unusable Open Library response: the answer is not a JSON object"))
        }
        #expect(try BookStore.open(home: home.home).tags().isEmpty && home.coverFilesOnDisk().isEmpty)
    }

    /// A command that reads the settings only to fetch (`show` of a book not kept, `stats --fetch`)
    /// still warns of config.json's unknown keys, once.
    @Test func showWarnsOfUnknownConfigKeysWhenItFetches() async throws {
        let home = try TemporaryHome()
        try Data(#"{"openlibrary": {"contacts": "x@example.org"}}"#.utf8).write(to: home.home.configFile)
        let run = try await Self.booktag(["show", "--id", "OL5100000W"] + Self.replay, home: home)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.components(separatedBy: "unknown key \"openlibrary.contacts\"").count == 2, "\(run.errors)")
    }
}
