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
        #expect(loopback.allows(origin: "http://localhost:8080", requestHost: "localhost:8080"))
        #expect(!loopback.allows(origin: "https://evil.example", requestHost: "localhost:8080"))
        #expect(!loopback.allows(origin: "null", requestHost: "localhost:8080"))
    }

    /// A container's serve binds 0.0.0.0:8080 and is reached at the port it was published on
    /// (`-p 9000:8080`): that port is answered, a name still is not, and a page of another port
    /// of the same machine is another origin.
    @Test func aWildcardBindAnswersAtAPublishedPort() {
        let container = ServeAccess(host: "0.0.0.0", port: 8080, token: Self.token)
        #expect(container.allows(host: "127.0.0.1:9000"))
        #expect(container.allows(host: "192.168.1.20:39993"))
        #expect(container.allows(host: "[::1]:9000"))
        #expect(!container.allows(host: "rebind.evil.example:9000"))
        #expect(container.allows(origin: "http://192.168.1.20:9000", requestHost: "192.168.1.20:9000"))
        #expect(!container.allows(origin: "http://192.168.1.20:3000", requestHost: "192.168.1.20:9000"))
        #expect(!container.allows(origin: "http://127.0.0.1:9000", requestHost: "192.168.1.20:9000"))
        let loopback = ServeAccess(host: "127.0.0.1", port: 8080, token: Self.token)
        #expect(!loopback.allows(host: "127.0.0.1:9000"))
        #expect(!loopback.allows(origin: "http://localhost:8081", requestHost: "localhost:8080"))
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
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged[field.name] = field.value }
        return merged
    }
}
