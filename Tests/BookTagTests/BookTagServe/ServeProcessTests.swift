import BookTag
import BookTagTestSupport
import Foundation
import Testing

@testable import BookTagServe

/// `booktag serve` as a reader runs it: the real binary, raw HTTP on its socket (any `Host`,
/// any bytes in the path), the command line on the same home at once, and SIGTERM mid-job.
@Suite("Serve process", .serialized)
struct ServeProcessTests {
    static func json(_ response: ServeProcess.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
    }

    @Test func theFirstLineIsTheAddressAndOnlyThatAddressIsAnswered() async throws {
        let home = try TemporaryHome()
        let server = try await ServeProcess(
            home: home.folder, arguments: ["--replay", Fixtures.openLibraryReplay.path])
        #expect(server.address.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(server.token.count == 64)

        for host in ["evil.example:\(server.port)", "127.0.0.1.nip.io:\(server.port)", "localhost:1"] {
            let foreign = try await server.request("GET", "/api/tags", host: host)
            #expect(foreign.status == 403, "\(host)")
        }
        let local = try await server.request("GET", "/api/tags", host: "localhost:\(server.port)")
        #expect(local.status == 200)
        let anonymous = try await server.request("GET", "/", authorized: false)
        #expect(anonymous.status == 401)

        let added = try await server.request(
            "POST", "/api/tags", headers: ["Content-Type": "application/json"], body: Data(#"{"tag":"fantasy"}"#.utf8))
        #expect(added.status == 202)
        let job = try #require(Self.json(added)["job"] as? String)
        // The event stream ends with the job.
        let events = try await server.request("GET", "/api/jobs/\(job)/events")
        #expect(events.text.hasSuffix("\n\n"))
        #expect(events.text.contains("event: done"))

        for path in [
            "/covers/..%2F..%2Fstore.sqlite", "/covers/%2e%2e%2f%2e%2e%2fstore.sqlite",
            "/assets/..%2F..%2Fstore.sqlite", "/..%2F..%2Fstore.sqlite", "/covers/../store.sqlite",
        ] {
            let response = try await server.request("GET", path)
            #expect(response.status == 404, "\(path)")
            #expect(!response.text.contains("SQLite format"), "\(path)")
        }
        let huge = try await server.request(
            "POST", "/api/tags", headers: ["Content-Type": "application/json"],
            body: Data(repeating: UInt8(ascii: " "), count: 20 * 1024 * 1024))
        #expect(huge.status == 413)

        // The command line works on the same home meanwhile.
        let list = try await BooktagProcess.run(["list", "--json", "--home", home.folder.path])
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output.contains("\"fantasy\""))
        let drop = try await BooktagProcess.run(["drop", "fantasy", "1", "--home", home.folder.path])
        #expect(drop.status == 0, "\(drop.errors)")
        let books = try await server.request("GET", "/api/tags/fantasy")
        #expect((try JSONSerialization.jsonObject(with: books.body) as? [Any])?.count == 11)

        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 60) == 0)
    }

    /// Beyond loopback only when asked, and then with a warning; a name rebinding to it is still refused.
    @Test func bindingBeyondLoopbackWarns() async throws {
        let home = try TemporaryHome()
        let server = try await ServeProcess(home: home.folder, arguments: ["--host", "0.0.0.0"])
        #expect(server.address.host == "127.0.0.1")
        let answered = try await server.request("GET", "/api/tags", host: "127.0.0.1:\(server.port)")
        #expect(answered.status == 200)
        let named = try await server.request("GET", "/api/tags", host: "rebind.evil.example:\(server.port)")
        #expect(named.status == 403)
        server.signal(SIGINT)
        #expect(await server.waitForExit(seconds: 60) == 0)
        #expect(
            server.standardError.contains("warning: serving beyond this machine on 0.0.0.0"), "\(server.standardError)")
    }

    @Test func sigtermCancelsTheJobAndLeavesTheStoreAsItWas() async throws {
        // Slow enough to be caught mid-job: 4 s between API calls.
        let (replay, home) = try ServeProcess.throttledHome(interval: 4)
        defer { withExtendedLifetime(replay) {} }  // serving until the test ends
        let server = try await ServeProcess(home: home.folder)
        let added = try await server.request(
            "POST", "/api/tags", headers: ["Content-Type": "application/json"], body: Data(#"{"tag":"fantasy"}"#.utf8))
        let job = try #require(Self.json(added)["job"] as? String)
        // A client that reads a little of the stream and goes away costs nothing.
        let part = try await server.readPart("/api/jobs/\(job)/events", count: 200)
        #expect(String(decoding: part, as: UTF8.self).contains("text/event-stream"))
        var state: [String: Any] = [:]
        for _ in 0..<200 {
            state = Self.json(try await server.request("GET", "/api/jobs/\(job)"))
            if (state["progress"] as? [String: Any])?["found"] as? Int ?? 0 > 0 { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(state["state"] as? String == "running", "\(state)")
        server.signal(SIGTERM)
        let status = await server.waitForExit(seconds: 8)
        #expect(status == 0, "\(server.standardError)")
        let store = try BookStore.open(home: home.home)
        #expect(try store.tags().isEmpty)
        #expect(try store.integrityCheck())
        #expect(home.coverFilesOnDisk().isEmpty)
    }

    /// Uploads over a real socket, as a phone sends them: a declared length over the cap is
    /// refused before the body is read, a connection cut mid-body leaves no file, and SIGTERM
    /// while one import runs and another upload is half sent ends the server cleanly with both
    /// files removed and the store as it was.
    @Test func uploadsCutOrStoppedLeaveNoFileAndNoBooks() async throws {
        // Open Library answers after 20 s: the import is still looking up covers when stopped.
        let openLibrary = try StoryGraphImportTests.openLibraryForRawExport(apiDelay: 20)
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let server = try await ServeProcess(home: home.folder)
        let uploads = home.home.uploadsFolder
        @Sendable func files() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: uploads.path)) ?? []
        }
        let body = try Data(contentsOf: StoryGraphTests.raw)

        let declared = try await server.beginUpload(
            "/api/imports", declaredLength: UploadFolder.maximumBytes + 1, part: body.prefix(100))
        let refused = try await declared.response()
        #expect(refused.status == 413, "\(refused.text)")
        #expect(files().isEmpty)

        let cut = try await server.beginUpload(
            "/api/imports?year=2024", declaredLength: body.count, part: body.prefix(body.count / 2))
        #expect(try await Self.eventually { files().count == 1 }, "the upload is being written")
        cut.cut()
        #expect(try await Self.eventually { files().isEmpty }, "the cut upload's file is removed: \(files())")
        #expect(try await server.request("GET", "/api/tags").status == 200, "the server goes on")

        let whole = try await server.beginUpload(
            "/api/imports?year=2024&name=mapmyreads.csv", declaredLength: body.count, part: Data())
        let started = try await whole.response(sending: body)
        #expect(started.status == 202, "\(started.text)")
        let pending = try await server.beginUpload(
            "/api/imports?shelf=to-read", declaredLength: body.count, part: body.prefix(1000))
        #expect(try await Self.eventually { files().count == 2 }, "one file importing, one arriving: \(files())")
        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 60) == 0, "\(server.standardError)")
        pending.cut()
        #expect(files().isEmpty, "\(files())")
        let store = try BookStore.open(home: home.home)
        #expect(try store.tags().isEmpty)
        #expect(try store.integrityCheck())
        #expect(home.coverFilesOnDisk().isEmpty)
    }

    /// An upload for a tag that a reroll is rewriting is refused and changes nothing.
    @Test func anUploadForATagBeingRerolledIsRefused() async throws {
        let (replay, home) = try ServeProcess.throttledHome(interval: 0)
        defer { withExtendedLifetime(replay) {} }
        let server = try await ServeProcess(home: home.folder)
        let added = try await server.request(
            "POST", "/api/tags", headers: ["Content-Type": "application/json"], body: Data(#"{"tag":"fantasy"}"#.utf8))
        let job = try #require(Self.json(added)["job"] as? String)
        #expect(try await server.request("GET", "/api/jobs/\(job)/events").text.contains("event: done"))
        let before = try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.bookID)
        #expect(before.count >= 12)

        // The reroll's search now hangs: it is certainly still running when the upload comes
        // and when the server is stopped.
        let hanging = try LoopbackServer { _ in .init(behaviour: .hang(seconds: 20)) }
        let config: [String: Any] = [
            "openlibrary": [
                "baseURL": hanging.baseURL.absoluteString,
                "coversURL": replay.baseURL.absoluteString + "/_/covers.openlibrary.org", "minRequestInterval": 0,
            ]
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: home.home.configFile)
        let reroll = try await server.request("POST", "/api/tags/fantasy/reroll")
        #expect(reroll.status == 202, "\(reroll.text)")
        #expect(try await Self.eventually { !hanging.requests.isEmpty }, "the reroll is searching")
        let upload = try await server.request(
            "POST", "/api/imports?year=2024&tag=fantasy", headers: ["Content-Type": "text/csv"],
            body: try Data(contentsOf: StoryGraphTests.raw))
        // The tag is a search's: an import never takes it, busy or not, and says so first (a
        // refusal that waiting would not lift).
        #expect(upload.status == 400, "\(upload.text)")
        #expect(
            upload.text.contains(#"\"fantasy\" (Open Library) exists from another source; nothing was imported"#),
            "\(upload.text)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: home.home.uploadsFolder.path)) ?? []).isEmpty)

        server.signal(SIGTERM)
        #expect(await server.waitForExit(seconds: 60) == 0, "\(server.standardError)")
        #expect(
            try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.bookID) == before,
            "the reroll was cancelled, the upload never began")
    }

    /// Polls `condition` for up to 5 s.
    static func eventually(_ condition: @Sendable () -> Bool) async throws -> Bool {
        for _ in 0..<250 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
