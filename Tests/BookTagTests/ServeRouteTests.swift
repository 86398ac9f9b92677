import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// `booktag serve`'s routes, answered in process (HummingbirdTesting), over a temporary home
/// whose tags come from the bundled Open Library recording: every route of the contract's serve section, its
/// statuses, and its refusals, each checked to change nothing.
@Suite("Serve routes")
struct ServeRouteTests {
    static let token = String(repeating: "ab", count: 32)

    /// A server over a new home (the recording replayed, no network), and its home.
    struct Server {
        let home: TemporaryHome
        let store: BookStore
        let jobs = JobRegistry()
        let workspace: Workspace

        init() throws {
            home = try TemporaryHome()
            workspace = Workspace(
                home: home.home, requests: .replay(Fixtures.openLibraryReplay),
                network: { _ in throw FetchError.cannotReach(host: "the network, which these tests never use") })
            store = try workspace.openStore()
        }

        func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
            // The router test client names itself `localhost` (port 80).
            let router = ServeRoutes.buildRouter(
                access: ServeAccess(host: "127.0.0.1", port: 80, token: ServeRouteTests.token), workspace: workspace,
                store: store, jobs: jobs)
            try await Application(router: router).test(.router, body)
        }
    }

    static var bearer: HTTPFields { [.authorization: "Bearer \(token)"] }
    static var jsonHeaders: HTTPFields { [.authorization: "Bearer \(token)", .contentType: "application/json"] }
    static var formHeaders: HTTPFields {
        [
            .authorization: "Bearer \(token)", .contentType: "application/x-www-form-urlencoded",
            .origin: "http://localhost",
        ]
    }

    static func body(_ response: TestResponse) -> String { String(buffer: response.body) }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    /// Waits for a job to end and returns its document.
    static func finished(_ job: String, _ client: any TestClientProtocol) async throws -> [String: Any] {
        for _ in 0..<600 {
            let state = try await client.execute(uri: "/api/jobs/\(job)", method: .get, headers: bearer) {
                try json($0)
            }
            if state["state"] as? String != "running" { return state }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("job \(job) did not finish")
        return [:]
    }

    /// Adds `tag` through the API and waits for it.
    static func add(_ tag: String, _ client: any TestClientProtocol) async throws -> [String: Any] {
        let started = try await client.execute(
            uri: "/api/tags", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"tag": "\#(tag)"}"#))
        #expect(started.status == .accepted)
        let job = try #require(try json(started)["job"] as? String)
        return try await finished(job, client)
    }

    // MARK: Access

    /// An `add` job's wait for the API is a `wait` event with its seconds; an import's wait is
    /// worded with its covers (an `import` event). (A `where` that bound only the second pattern
    /// once sent every wait as an import line.)
    @Test func waitsAreWordedForTheJobTheyBelongTo() {
        let events = Locked<[JobRegistry.Event]>([])
        let add = JobProgress(wanted: 12) { event in events.withLock { $0.append(event) } }
        add.handle(.waiting(seconds: 0.8, interval: 1))
        add.handle(.retrying(seconds: 2))
        let imported = JobProgress(wanted: 40, importing: true) { event in events.withLock { $0.append(event) } }
        imported.handle(.waiting(seconds: 0.8, interval: 1))
        let seen = events.withLock { $0 }
        #expect(seen.map(\.name) == ["wait", "retry", "import"], "\(seen)")
        #expect(seen.first?.json.contains("\"seconds\":0.8") == true, "\(seen.first?.json ?? "")")
        #expect(
            seen.last?.progress?.line.contains("covers found at Open Library") == true,
            "\(seen.last?.progress?.line ?? "")")
    }

    @Test func everyRequestNeedsTheToken() async throws {
        let server = try Server()
        try await server.test { client in
            for (uri, method) in [
                ("/", HTTPRequest.Method.get), ("/api/tags", .get), ("/assets/app.css", .get), ("/api/night", .put),
                ("/tags/x/delete", .post), ("/nowhere", .get), ("/api/nowhere", .delete),
            ] {
                let response = try await client.execute(uri: uri, method: method)
                #expect(response.status == .unauthorized, "\(method) \(uri)")
            }
            let wrong = try await client.execute(
                uri: "/api/tags", method: .get,
                headers: [.authorization: "Bearer \(String(repeating: "cd", count: 32))"])
            #expect(wrong.status == .unauthorized)
            #expect(try Self.json(wrong)["error"] as? String != nil)
            let page = try await client.execute(uri: "/?token=nope", method: .get)
            #expect(page.status == .unauthorized)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test func theTokenInTheAddressBecomesAStrictCookieAndLeavesTheAddress() async throws {
        let server = try Server()
        try await server.test { client in
            let response = try await client.execute(uri: "/tags/fantasy?token=\(Self.token)&job=1", method: .get)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/tags/fantasy?job=1")
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.contains("booktag-80=\(Self.token)"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            let withCookie = try await client.execute(
                uri: "/", method: .get, headers: [.cookie: "booktag-80=\(Self.token)"])
            #expect(withCookie.status == .ok)
            let otherPort = try await client.execute(
                uri: "/", method: .get, headers: [.cookie: "booktag-81=\(Self.token)"])
            #expect(otherPort.status == .unauthorized)
        }
    }

    @Test func hostsAreTheBoundAddressOnly() {
        let loopback = ServeAccess(host: "127.0.0.1", port: 8080, token: Self.token)
        #expect(loopback.allows(host: "127.0.0.1:8080"))
        #expect(loopback.allows(host: "localhost:8080"))
        #expect(loopback.allows(host: "[::1]:8080"))
        #expect(!loopback.allows(host: "localhost:8081"))
        #expect(!loopback.allows(host: "evil.example:8080"))
        #expect(!loopback.allows(host: "127.0.0.1.evil.example:8080"))
        #expect(!loopback.allows(host: "localhost"))
        let lan = ServeAccess(host: "192.168.1.20", port: 8080, token: Self.token)
        #expect(lan.allows(host: "192.168.1.20:8080"))
        #expect(!lan.allows(host: "localhost:8080"))
        #expect(!lan.allows(host: "rebind.evil.example:8080"))
        let everywhere = ServeAccess(host: "0.0.0.0", port: 8080, token: Self.token)
        #expect(everywhere.allows(host: "10.0.0.7:8080"))
        #expect(!everywhere.allows(host: "rebind.evil.example:8080"))
        #expect(loopback.allows(origin: "http://localhost:8080"))
        #expect(!loopback.allows(origin: "https://evil.example"))
        #expect(!loopback.allows(origin: "null"))
    }

    @Test func formsFromAnotherSiteAreRefusedAndChangeNothing() async throws {
        let server = try Server()
        try await server.test { client in
            var headers = Self.formHeaders
            headers[.authorization] = nil
            headers[.cookie] = "booktag-80=\(Self.token)"
            for origin in ["https://evil.example", "null", "http://localhost:8081"] {
                headers[.origin] = origin
                let response = try await client.execute(
                    uri: "/night", method: .post, headers: headers, body: ByteBuffer(string: "night=on&back=/"))
                #expect(response.status == .forbidden, "\(origin)")
            }
            headers[.origin] = nil
            headers[.secFetchSite] = "cross-site"
            let fetched = try await client.execute(
                uri: "/night", method: .post, headers: headers, body: ByteBuffer(string: "night=on&back=/"))
            #expect(fetched.status == .forbidden)
            #expect(PreferencesStore(home: server.home.home).load().preferences.nightMode == false)
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let server = try Server()
        try await server.test { client in
            for uri in ["/", "/api/tags", "/tags/none", "/nowhere"] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
            let page = try await client.execute(uri: "/", method: .get, headers: Self.bearer)
            #expect(!Self.body(page).contains("<script>"))
            #expect(!Self.body(page).contains("style=\""))
        }
    }

    // MARK: The API

    @Test func addRunsAsAJobAndTheTagIsListedAsListJSONShowsIt() async throws {
        let server = try Server()
        try await server.test { client in
            let job = try await Self.add("Fantasy", client)
            #expect(job["state"] as? String == "done")
            #expect(job["kind"] as? String == "add")
            let result = try #require(job["result"] as? [String: Any])
            #expect((result["books"] as? [Any])?.count == 12)
            let tags = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer)
            let list = try #require(try JSONSerialization.jsonObject(with: Data(buffer: tags.body)) as? [[String: Any]])
            #expect(list.map { $0["name"] as? String } == ["Fantasy"])
            #expect(list.first?["books"] as? Int == 12)
            // The same document as `list --json`.
            let expected = try JSONReport.encode(TagListEntry.entries(store: server.store), pretty: false)
            #expect(Data(buffer: tags.body) == expected)
            let again = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":" fantasy "}"#))
            #expect(again.status == .conflict)
        }
    }

    /// `/api/tags` is kept between requests, but never past a change made elsewhere: another
    /// connection's commit (the command line) or a collage removed.
    @Test func theTagListFollowsChangesMadeOutsideTheServer() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            _ = try await Self.add("science fiction", client)
            func names() async throws -> [String] {
                let response = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer)
                let list = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: Any]]
                return (list ?? []).compactMap { $0["name"] as? String }
            }
            #expect(try await names() == ["fantasy", "science fiction"])
            #expect(try await names() == ["fantasy", "science fiction"])
            let elsewhere = try BookStore.open(home: server.home.home)
            try elsewhere.removeTag(TagName("fantasy"))
            #expect(try await names() == ["science fiction"])
            let withCollage = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [[String: Any]]
            }
            let collage = try #require(withCollage?.first?["collage"] as? String)
            try FileManager.default.removeItem(atPath: collage)
            let withoutCollage = try await client.execute(uri: "/api/tags", method: .get, headers: Self.bearer) {
                try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as? [[String: Any]]
            }
            #expect(withoutCollage?.first?["collage"] is NSNull || withoutCollage?.first?["collage"] == nil)
        }
    }

    @Test func oneJobPerTagAtATime() async throws {
        let server = try Server()
        let gate = AsyncStream<Void>.makeStream()
        let jobs = server.jobs
        let first = try jobs.start(kind: "add", tags: [TagName("fantasy")]) { _ in
            for await _ in gate.stream {}
            return JSONFragment(raw: "{}")
        }
        try await server.test { client in
            let second = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":"FANTASY"}"#))
            #expect(second.status == .conflict)
            #expect(try Self.json(second)["error"] as? String != nil)
            let running = try await client.execute(uri: "/api/jobs/\(first)", method: .get, headers: Self.bearer) {
                try Self.json($0)
            }
            #expect(running["state"] as? String == "running")
            let other = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":"history"}"#))
            #expect(other.status == .accepted)
            gate.continuation.finish()
            _ = try await Self.finished(first, client)
        }
    }

    @Test func badBodiesAreRefusedWithTheirStatusAndChangeNothing() async throws {
        let server = try Server()
        try await server.test { client in
            let cases: [(String, HTTPFields, String, HTTPResponse.Status)] = [
                ("/api/tags", Self.jsonHeaders, "{not json", .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": 7}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"count": 3}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "   "}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "count": 0}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "shelf": "not a shelf"}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "year": 2025}"#, .badRequest),
                ("/api/tags", Self.jsonHeaders, #"{"tag": "fantasy", "source": "amazon"}"#, .badRequest),
                (
                    "/api/tags", Self.bearer.merging([.contentType: "text/plain"]), #"{"tag": "fantasy"}"#,
                    .unsupportedMediaType
                ),
                (
                    "/api/tags", Self.bearer.merging([.contentType: "application/x-www-form-urlencoded"]),
                    "tag=fantasy", .unsupportedMediaType
                ),
                ("/api/night", Self.jsonHeaders, #"{"night": "yes"}"#, .badRequest),
            ]
            for (uri, headers, body, status) in cases {
                let method: HTTPRequest.Method = uri == "/api/night" ? .put : .post
                let response = try await client.execute(
                    uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
                #expect(response.status == status, "\(body)")
                let error = try Self.json(response)["error"] as? String
                #expect(error?.isEmpty == false, "\(body)")
                #expect(error?.contains("\n") == false)
            }
            let huge = ByteBuffer(repeating: UInt8(ascii: "a"), count: 20 * 1024 * 1024)
            let tooLarge = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders, body: huge)
            #expect(tooLarge.status == .contentTooLarge)
            let form = try await client.execute(uri: "/tags", method: .post, headers: Self.formHeaders, body: huge)
            #expect(form.status == .contentTooLarge)
            #expect(try server.store.tags().isEmpty)
            #expect(PreferencesStore(home: server.home.home).load().preferences.nightMode == false)
        }
    }

    @Test func unknownTagsAndBooksAre404InTheirForm() async throws {
        let server = try Server()
        try await server.test { client in
            for uri in [
                "/api/tags/nothing", "/api/tags/nothing/stats", "/api/tags/nothing/collage.png",
                "/api/books/openlibrary/OL1W", "/api/books/goodreads/5", "/api/jobs/0123", "/api/jobs/0123/events",
                "/api/nowhere", "/api",
            ] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(response.status == .notFound, "\(uri)")
                #expect(try Self.json(response)["error"] as? String != nil, "\(uri)")
            }
            for uri in ["/tags/nothing", "/books/openlibrary/OL1W", "/books/amazon/1", "/nowhere"] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(Self.body(response).contains("role=\"alert\""), "\(uri)")
            }
            let delete = try await client.execute(uri: "/api/tags/nothing", method: .delete, headers: Self.bearer)
            #expect(delete.status == .notFound)
            let reroll = try await client.execute(uri: "/api/tags/nothing/reroll", method: .post, headers: Self.bearer)
            #expect(reroll.status == .notFound)
        }
    }

    @Test func encodedDotsInPathsReachNoFile() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            for uri in [
                "/covers/..%2F..%2Fstore.sqlite", "/covers/%2E%2E%2Fconfig.json", "/covers/..%2f..%2f..%2fetc%2fpasswd",
                "/assets/..%2Fapp.css", "/tags/..%2F..%2Fstore.sqlite", "/api/tags/..%2F..%2Fetc/collage.png",
                "/books/openlibrary/..%2F..%2Fstore.sqlite", "/api/books/goodreads/%2E%2E%2F1",
            ] {
                let response = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(response.status == .notFound, "\(uri)")
                #expect(!Self.body(response).contains("SQLite format"), "\(uri)")
            }
            let delete = try await client.execute(uri: "/api/tags/..%2Ffantasy", method: .delete, headers: Self.bearer)
            #expect(delete.status == .notFound)
            #expect(try server.store.tags().count == 1)
        }
    }

    @Test func booksStatsAndShowAsTheirCommandsPrintThem() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let books = try await client.execute(uri: "/api/tags/Fantasy", method: .get, headers: Self.bearer)
            let expected = try server.store.books(of: TagName("fantasy")).map { BookRow($0, store: server.store) }
            #expect(Data(buffer: books.body) == (try JSONReport.encode(expected, pretty: false)))
            let stats = try await client.execute(uri: "/api/tags/fantasy/stats", method: .get, headers: Self.bearer)
            #expect(
                Data(buffer: stats.body)
                    == (try JSONReport.encode(try server.store.stats(of: TagName("fantasy")), pretty: false)))
            let first = try #require(expected.first)
            let book = try await client.execute(
                uri: "/api/books/openlibrary/\(first.id)", method: .get, headers: Self.bearer
            ) { try Self.json($0) }
            #expect(book["title"] as? String == first.title)
            #expect(book["tags"] as? [String] == ["fantasy"])
            let page = try await client.execute(
                uri: "/books/openlibrary/\(first.id)", method: .get, headers: Self.bearer)
            #expect(page.status == .ok)
            #expect(Self.body(page).contains(first.title.htmlEscaped))
            #expect(Self.body(page).contains("href=\"/tags/fantasy\""))
        }
    }

    @Test func rerollDropAndDeleteThroughTheAPI() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let before = try server.store.books(of: TagName("fantasy")).map(\.book.bookID)
            let reroll = try await client.execute(uri: "/api/tags/fantasy/reroll", method: .post, headers: Self.bearer)
            #expect(reroll.status == .accepted)
            let rerolled = try await Self.finished(try #require(try Self.json(reroll)["job"] as? String), client)
            #expect(rerolled["state"] as? String == "done")
            let after = try server.store.books(of: TagName("fantasy")).map(\.book.bookID)
            #expect(after.count == 12)
            #expect(after != before)

            let victim = after[2]
            let drop = try await client.execute(
                uri: "/api/tags/fantasy/drop", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"books": ["\#(victim.value)"], "replace": true}"#))
            #expect(drop.status == .accepted)
            let dropped = try await Self.finished(try #require(try Self.json(drop)["job"] as? String), client)
            #expect(dropped["state"] as? String == "done", "\(dropped)")
            let report = try #require(dropped["result"] as? [String: Any])
            #expect(report["replacements"] as? Int == 1)
            let refilled = try server.store.books(of: TagName("fantasy")).map(\.book.bookID)
            #expect(refilled.count == 12)
            #expect(!refilled.contains(victim))

            let missing = try await client.execute(
                uri: "/api/tags/fantasy/drop", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"books": ["OL1W"]}"#))
            let failed = try await Self.finished(try #require(try Self.json(missing)["job"] as? String), client)
            #expect(failed["state"] as? String == "failed")
            #expect((failed["error"] as? String)?.isEmpty == false)
            #expect(try server.store.books(of: TagName("fantasy")).map(\.book.bookID) == refilled)

            let delete = try await client.execute(uri: "/api/tags/fantasy", method: .delete, headers: Self.bearer)
            #expect(delete.status == .noContent)
            #expect(try server.store.tags().isEmpty)
            #expect(server.home.coverFilesOnDisk().isEmpty)
        }
    }

    @Test func progressStreamsAsServerSentEventsEndingInDone() async throws {
        let server = try Server()
        try await server.test { client in
            let started = try await client.execute(
                uri: "/api/tags", method: .post, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"tag":"fantasy"}"#))
            let job = try #require(try Self.json(started)["job"] as? String)
            let events = try await client.execute(uri: "/api/jobs/\(job)/events", method: .get, headers: Self.bearer)
            #expect(events.headers[.contentType] == "text/event-stream")
            let text = Self.body(events)
            let names = text.split(separator: "\n").filter { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            #expect(names.first == "page")
            #expect(names.last == "done")
            #expect(names.filter { $0 == "cover" }.count == 12)
            #expect(!names.contains("failed"))
            // Every data line is one JSON document.
            for line in text.split(separator: "\n") where line.hasPrefix("data: ") {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))) != nil)
            }
        }
    }

    @Test func nightIsTheSamePreferenceAsTheCommand() async throws {
        let server = try Server()
        try await server.test { client in
            let put = try await client.execute(
                uri: "/api/night", method: .put, headers: Self.jsonHeaders,
                body: ByteBuffer(string: #"{"night": true}"#))
            #expect(try Self.json(put)["night"] as? Bool == true)
            #expect(PreferencesStore(home: server.home.home).load().preferences.nightMode)
            let page = try await client.execute(uri: "/", method: .get, headers: Self.bearer)
            #expect(Self.body(page).contains("<html lang=\"en\" class=\"night\">"))
            let form = try await client.execute(
                uri: "/night", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "night=off&back=%2Ftags%2Ffantasy"))
            #expect(form.status == .seeOther)
            #expect(form.headers[.location] == "/tags/fantasy")
            #expect(!PreferencesStore(home: server.home.home).load().preferences.nightMode)
            let away = try await client.execute(
                uri: "/night", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "back=//evil.example/"))
            #expect(away.headers[.location] == "/")
            let get = try await client.execute(uri: "/api/night", method: .get, headers: Self.bearer) {
                try Self.json($0)
            }
            #expect(get["night"] as? Bool == true)
        }
    }

    @Test func formsPostThenRedirect() async throws {
        let server = try Server()
        try await server.test { client in
            let add = try await client.execute(
                uri: "/tags", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "tag=Science+Fiction&from=openlibrary&count=12"))
            #expect(add.status == .seeOther)
            let location = try #require(add.headers[.location])
            #expect(location.hasPrefix("/tags/Science%20Fiction?job="))
            _ = try await Self.finished(String(location.split(separator: "=").last!), client)
            let page = try await client.execute(uri: location, method: .get, headers: Self.bearer)
            #expect(page.status == .ok)
            #expect(Self.body(page).contains("<h1>Science Fiction</h1>"))
            let bad = try await client.execute(
                uri: "/tags", method: .post, headers: Self.formHeaders, body: ByteBuffer(string: "tag=&from=shelf"))
            #expect(bad.status == .badRequest)
            #expect(Self.body(bad).contains("role=\"alert\""))
            let first = try #require(try server.store.books(of: TagName("science fiction")).first)
            let drop = try await client.execute(
                uri: "/tags/science%20fiction/drop", method: .post, headers: Self.formHeaders,
                body: ByteBuffer(string: "book=\(first.book.bookID.value)"))
            #expect(drop.status == .seeOther)
            _ = try await Self.finished(
                String(try #require(drop.headers[.location]).split(separator: "=").last!), client)
            #expect(try server.store.books(of: TagName("science fiction")).count == 11)
            let delete = try await client.execute(
                uri: "/tags/science%20fiction/delete", method: .post, headers: Self.formHeaders)
            #expect(delete.status == .seeOther)
            #expect(delete.headers[.location] == "/")
            #expect(try server.store.tags().isEmpty)
        }
    }

    @Test func coversByStoredNameWithImmutableCaching() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let entry = try #require(try server.store.books(of: TagName("fantasy")).first)
            let name = String(entry.book.coverPath.split(separator: "/").last!)
            let cover = try await client.execute(uri: "/covers/\(name)", method: .get, headers: Self.bearer)
            #expect(cover.status == .ok)
            #expect(cover.headers[.cacheControl]?.contains("immutable") == true)
            let etag = try #require(cover.headers[.eTag])
            #expect(Data(buffer: cover.body) == (try Data(contentsOf: server.store.coverURL(entry.book.coverPath))))
            var again = Self.bearer
            again[.ifNoneMatch] = etag
            let notModified = try await client.execute(uri: "/covers/\(name)", method: .get, headers: again)
            #expect(notModified.status == .notModified)
            #expect(notModified.body.readableBytes == 0)
            // A well-formed name the store does not hold.
            let unknown = try await client.execute(
                uri: "/covers/\(String(repeating: "0", count: 64)).png", method: .get, headers: Self.bearer)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func collageDownloadsAtAPresetChangeNoFile() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let collage = server.home.home.collagesFolder.appendingPathComponent("fantasy.png")
            let before = try Data(contentsOf: collage)
            let png = try await client.execute(
                uri: "/api/tags/fantasy/collage.png?size=story&stats=1", method: .get, headers: Self.bearer)
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            let image = try #require(ImageInfo(Data(buffer: png.body)))
            #expect((image.width, image.height) == (1080, 1920))
            let jpeg = try await client.execute(
                uri: "/api/tags/fantasy/collage.jpeg?size=square", method: .get, headers: Self.bearer)
            let jpegInfo = try #require(ImageInfo(Data(buffer: jpeg.body)))
            #expect(jpegInfo.format == .jpeg)
            #expect(jpegInfo.width == 1080)
            for query in ["size=huge", "columns=0", "background=nocolour", "flavour=1"] {
                let bad = try await client.execute(
                    uri: "/api/tags/fantasy/collage.png?\(query)", method: .get, headers: Self.bearer)
                #expect(bad.status == .badRequest, "\(query)")
            }
            #expect(try Data(contentsOf: collage) == before)
            #expect(
                !FileManager.default.fileExists(
                    atPath: server.home.home.collagesFolder.appendingPathComponent("fantasy.jpg").path))
        }
    }

    @Test func theManifestAndItsIconsInstallTheAppWithTheNightPreferencesColours() async throws {
        let server = try Server()
        try await server.test { client in
            let page = try await client.execute(uri: "/", method: .get, headers: Self.bearer) { Self.body($0) }
            #expect(
                page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\" crossorigin=\"use-credentials\">"),
                "the cookie goes with the manifest's request")
            #expect(page.contains("<meta name=\"theme-color\" content=\"\(CollageTheme.day.background.hex)\">"))
            let day = try await client.execute(uri: "/manifest.webmanifest", method: .get, headers: Self.bearer) {
                response in
                #expect(response.headers[.contentType] == "application/manifest+json")
                #expect(response.headers[.contentSecurityPolicy]?.contains("manifest-src 'self'") == true)
                return try Self.json(response)
            }
            #expect(day["display"] as? String == "standalone" && day["start_url"] as? String == "/")
            #expect(day["theme_color"] as? String == CollageTheme.day.background.hex)
            let icons = try #require(day["icons"] as? [[String: String]])
            #expect(
                Set(icons.map { $0["sizes"] ?? "" }) == ["192x192", "512x512"]
                    && icons.contains { $0["purpose"] == "maskable" })
            for (path, size) in [
                ("/icons/icon-192.png", 192), ("/icons/icon-512.png", 512), ("/icons/maskable-512.png", 512),
                ("/icons/apple-touch-icon.png", 180),
            ] {
                let data = try await client.execute(uri: path, method: .get, headers: Self.bearer) {
                    Data(buffer: $0.body)
                }
                let info = try #require(ImageInfo(data), "\(path) is an image")
                #expect(info.format == .png && info.width == size && info.height == size, "\(path)")
            }
            let unauthorised = try await client.execute(uri: "/manifest.webmanifest", method: .get) { $0.status }
            #expect(unauthorised == .unauthorized, "the manifest passes the same checks as every request")
            try server.workspace.setNightMode(true)
            let night = try await client.execute(uri: "/manifest.webmanifest", method: .get, headers: Self.bearer) {
                try Self.json($0)
            }
            #expect(night["theme_color"] as? String == CollageTheme.night.background.hex)
            #expect(night["background_color"] as? String == CollageTheme.night.background.hex)
        }
    }

    @Test func theTagPageOffersShareAndDownloadLinksThatWorkWithoutScript() async throws {
        let server = try Server()
        try await server.test { client in
            _ = try await Self.add("fantasy", client)
            let page = try await client.execute(uri: "/tags/fantasy", method: .get, headers: Self.bearer) {
                Self.body($0)
            }
            #expect(
                page.contains("<button type=\"button\" id=\"share-button\" hidden>"), "Share appears with script only")
            #expect(page.contains("<input type=\"hidden\" name=\"download\" value=\"1\">"))
            for size in ["story", "square", "phone", "wallpaper"] {
                #expect(page.contains("<option value=\"\(size)\">"))
            }
            let download = try await client.execute(
                uri: "/api/tags/fantasy/collage.png?size=story&stats=1&download=1", method: .get, headers: Self.bearer
            ) { $0 }
            #expect(download.status == .ok)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"booktag-story.png\"")
            let info = try #require(ImageInfo(Data(buffer: download.body)))
            #expect(info.width == 1080 && info.height == 1920)
            let shown = try await client.execute(
                uri: "/api/tags/fantasy/collage.png?size=square", method: .get, headers: Self.bearer
            ) { $0.headers[.contentDisposition] }
            #expect(shown == "inline; filename=\"booktag-square.png\"")
        }
    }

    /// A job of 25,000 events (an import of 20,000 rows) keeps only its latest for a listener
    /// who comes late: the newest progress and the end, not the first pages and nothing after.
    @Test func aLateListenerHearsTheLatestEventsAndTheEnd() async throws {
        let jobs = JobRegistry()
        let id = try jobs.start(kind: "import", tags: [TagName("big")]) { report in
            for number in 0..<1_000 { report(JobRegistry.Event(name: "cover", json: "{\"n\":\(number)}")) }
            return JSONFragment(raw: "{}")
        }
        while jobs.snapshot(id)?.state == .running { try await Task.sleep(for: .milliseconds(5)) }
        let stream = try #require(jobs.events(id))
        var heard: [JobRegistry.Event] = []
        for await event in stream { heard.append(event) }
        #expect(heard.count == JobRegistry.keptEvents)
        #expect(
            heard.first?.json == "{\"n\":\(1_000 - JobRegistry.keptEvents + 1)}"
                && heard.dropLast().last?.json == "{\"n\":999}")
        #expect(heard.last?.name == "done")
    }

    @Test func hostileTitlesReachPagesOnlyEscaped() async throws {
        let server = try Server()
        let hostile = #"<script>alert(1)</script><img src=x onerror=alert(2)>"#
        var books = SyntheticBooks.set(1, count: 1)
        books[0].work.title = hostile
        let id = books[0].work.id.value
        _ = try server.store.createTag(
            TagName(hostile), source: .goodreads, books: books,
            search: SearchPosition(totalResults: 1, pageSize: 20, startPage: 1))
        try await server.test { client in
            for uri in ["/", "/tags/\(ServePages.pathComponent(hostile))", "/books/goodreads/\(id)"] {
                let page = try await client.execute(uri: uri, method: .get, headers: Self.bearer)
                #expect(page.status == .ok, "\(uri)")
                let html = Self.body(page)
                #expect(!html.contains("<script>alert"), "\(uri)")
                #expect(!html.contains("<img src=x"), "\(uri)")
                #expect(html.contains("&lt;script&gt;"), "\(uri)")
            }
        }
    }
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged[field.name] = field.value }
        return merged
    }
}
