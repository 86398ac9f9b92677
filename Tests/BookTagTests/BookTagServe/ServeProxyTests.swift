import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// serve behind a reverse proxy: under a base path every address the pages, redirects, cookie
/// and manifest carry is under it; a trusted proxy's `X-Forwarded-*` set the prefix and the
/// public origin, an untrusted one's are ignored; `/healthz` answers anyone.
@Suite("Serve behind a proxy")
struct ServeProxyTests {
    static let token = ServeRouteTests.token

    /// The router over a new home with `fantasy` added, under `settings`.
    static func test(
        _ settings: ServeSettings, _ mode: TestingSetup = .router,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let server = try ServeRouteTests.Server()
        // A small collage: these tests look at addresses, and a full one takes both cores for seconds.
        try Data(#"{"collage": {"size": "256x256"}}"#.utf8).write(to: server.home.home.configFile)
        let router = ServeRoutes.buildRouter(
            access: ServeAccess(host: "127.0.0.1", port: 80, token: token, settings: settings),
            workspace: server.workspace, store: server.store, jobs: server.jobs)
        try await Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            .test(mode) { client in
                #expect(try await ServeRouteTests.add("fantasy", client)["state"] as? String == "done")
                try await body(client)
            }
        _ = server.home
    }

    /// Every address in a page's links, images, forms, buttons and scripts.
    static func addresses(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:href|src|action|formaction|data-events)="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    static let pages = ["/", "/tags/fantasy", "/import", "/nowhere"]

    @Test func underABasePathEveryAddressCarriesIt() async throws {
        var settings = ServeSettings()
        settings.basePath = "/booktag"
        try await Self.test(settings) { client in
            // A proxy that keeps the prefix and one that strips it reach the same pages.
            for prefix in ["/booktag", ""] {
                for page in Self.pages {
                    let response = try await client.execute(
                        uri: prefix + page, method: .get, headers: ServeRouteTests.bearer)
                    #expect(response.status == (page == "/nowhere" ? .notFound : .ok), "\(prefix)\(page)")
                    let addresses = Self.addresses(ServeRouteTests.body(response))
                    #expect(addresses.count > 5, "\(page)")
                    for address in addresses { #expect(address.hasPrefix("/booktag/"), "\(page): \(address)") }
                }
            }
            let book = try await client.execute(
                uri: "/booktag/tags/fantasy", method: .get, headers: ServeRouteTests.bearer)
            let first = try #require(
                Self.addresses(ServeRouteTests.body(book)).first { $0.contains("/books/") },
                "\(ServeRouteTests.body(book))")
            #expect(try await client.execute(uri: first, method: .get, headers: ServeRouteTests.bearer).status == .ok)
            // The token in the address: a cookie for the prefix, and back to the page under it.
            let entry = try await client.execute(uri: "/booktag/?token=\(Self.token)", method: .get)
            #expect(entry.status == .seeOther)
            #expect(entry.headers[.location] == "/booktag/")
            let cookie = try #require(entry.headers[.setCookie])
            #expect(cookie.contains("Path=/booktag"), "\(cookie)")
            #expect(!cookie.contains("Secure"))
            // A form is sent back under the prefix.
            let posted = try await client.execute(
                uri: "/booktag/night", method: .post, headers: ServeRouteTests.formHeaders,
                body: ByteBuffer(string: "night=on&back=/tags/fantasy"))
            #expect(posted.headers[.location] == "/booktag/tags/fantasy")
            let manifest = try await client.execute(
                uri: "/booktag/manifest.webmanifest", method: .get, headers: ServeRouteTests.bearer)
            let json = try ServeRouteTests.json(manifest)
            #expect(json["scope"] as? String == "/booktag/")
            #expect(json["start_url"] as? String == "/booktag/")
            let icons = try #require(json["icons"] as? [[String: Any]])
            #expect(icons.allSatisfy { ($0["src"] as? String)?.hasPrefix("/booktag/icons/") == true })
        }
    }

    @Test func anUntrustedProxysHeadersAreIgnored() async throws {
        try await Self.test(ServeSettings()) { client in
            var headers: HTTPFields = [.cookie: "booktag-80=\(Self.token)"]
            headers[.xForwardedPrefix] = "/elsewhere"
            headers[.xForwardedProto] = "https"
            headers[.xForwardedHost] = "evil.example"
            let page = try await client.execute(uri: "/", method: .get, headers: headers)
            #expect(page.status == .ok)
            for address in Self.addresses(ServeRouteTests.body(page)) { #expect(address.hasPrefix("/"), "\(address)") }
            #expect(!ServeRouteTests.body(page).contains("/elsewhere"))
            var form = ServeRouteTests.formHeaders
            form[.authorization] = nil
            form[.cookie] = "booktag-80=\(Self.token)"
            form[.xForwardedHost] = "evil.example"
            form[.xForwardedProto] = "https"
            form[.origin] = "https://evil.example"
            let posted = try await client.execute(
                uri: "/night", method: .post, headers: form, body: ByteBuffer(string: "night=on&back=/"))
            #expect(posted.status == .forbidden)
        }
    }

    @Test func aTrustedProxyNamesThePrefixAndThePublicOrigin() async throws {
        var settings = ServeSettings()
        settings.trustedProxies = [try #require(AddressRange("127.0.0.0/8"))]
        try await Self.test(settings, .live) { client in
            var forwarded: HTTPFields = [
                .xForwardedPrefix: "/booktag", .xForwardedProto: "https", .xForwardedHost: "books.example.org",
            ]
            let page = try await client.execute(uri: "/?token=\(Self.token)", method: .get, headers: forwarded)
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/booktag/")
            let cookie = try #require(page.headers[.setCookie])
            #expect(cookie.contains("Secure") && cookie.contains("Path=/booktag"), "\(cookie)")
            forwarded[.cookie] = "booktag-80=\(Self.token)"
            let tags = try await client.execute(uri: "/", method: .get, headers: forwarded)
            #expect(tags.status == .ok)
            for address in Self.addresses(ServeRouteTests.body(tags)) { #expect(address.hasPrefix("/booktag/")) }
            // A change from the public origin passes; from the address behind the proxy it does not.
            var form = forwarded
            form[.contentType] = "application/x-www-form-urlencoded"
            for (origin, status) in [
                ("https://books.example.org", HTTPResponse.Status.seeOther), ("http://books.example.org", .forbidden),
                ("http://127.0.0.1:80", .forbidden),
            ] {
                form[.origin] = origin
                let posted = try await client.execute(
                    uri: "/night", method: .post, headers: form, body: ByteBuffer(string: "night=on&back=/"))
                #expect(posted.status == status, "\(origin)")
            }
            form[.origin] = nil
            form[HTTPField.Name("Referer")!] = "https://books.example.org/booktag/tags/fantasy"
            let referred = try await client.execute(
                uri: "/night", method: .post, headers: form, body: ByteBuffer(string: "night=off&back=/"))
            #expect(referred.status == .seeOther)
            var bad = forwarded
            bad[.xForwardedPrefix] = "/../etc"
            #expect(try await client.execute(uri: "/", method: .get, headers: bad).status == .badRequest)
            bad = forwarded
            bad[.xForwardedProto] = "gopher"
            #expect(try await client.execute(uri: "/", method: .get, headers: bad).status == .badRequest)
            // A health check is answered whatever the headers say.
            #expect(try await client.execute(uri: "/healthz", method: .get, headers: bad).status == .ok)
        }
    }

    @Test func aTrustedProxyThatSendsNoHostIsToldSo() throws {
        var settings = ServeSettings()
        settings.trustedProxies = [try #require(AddressRange("10.0.0.0/8"))]
        let access = ServeAccess(host: "0.0.0.0", port: 8080, token: Self.token, settings: settings)
        let request = Request(
            head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"), body: .init(buffer: ByteBuffer()))
        #expect(throws: ServeError.self) { try access.place(request, from: "10.1.2.3") }
        // From elsewhere nothing is asked of the headers.
        let address = try access.place(request, from: "192.0.2.1")
        #expect(address.forwardedHost == nil && address.base == "")
        var head = HTTPRequest(method: .get, scheme: nil, authority: "books.lan", path: "/booktag/tags/x?job=1")
        head.headerFields[.xForwardedPrefix] = "/booktag/"
        let proxied = Request(head: head, body: .init(buffer: ByteBuffer()))
        let behind = try access.place(proxied, from: "::ffff:10.0.0.9")
        #expect(behind.base == "/booktag" && behind.forwardedOrigin == "http://books.lan")
        let placed = ServeAccess.removing(behind.base, from: proxied)
        #expect(placed.uri.path == "/tags/x" && placed.uri.query == "job=1")
        #expect(ServeAccess.removing("/booktag", from: withPath("/booktagged/x")).uri.path == "/booktagged/x")
        #expect(ServeAccess.removing("/booktag", from: withPath("/booktag")).uri.path == "/")
        #expect(ServeAccess.removing("/booktag", from: withPath("/booktag?token=1")).uri.string == "/?token=1")
    }

    func withPath(_ path: String) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: nil, authority: "x", path: path), body: .init(buffer: ByteBuffer()))
    }

    @Test func healthAnswersWithoutATokenAndSaysNothingOfTheHome() async throws {
        try await Self.test(ServeSettings()) { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(ServeRouteTests.body(response) == "ok \(BookTagVersion.current)\n")
        }
    }

    @Test func configNamesTheBasePathAndTheTrustedProxies() throws {
        let home = try TemporaryHome()
        let file = home.home.configFile
        try Data(#"{"serve": {"basePath": "/booktag/", "trustedProxies": ["127.0.0.1", "172.16.0.0/12"]}}"#.utf8)
            .write(to: file)
        let serve = try BookTagConfiguration.load(file: file, environment: [:]).serve
        #expect(serve.basePath == "/booktag")
        #expect(serve.trustedProxies.map(\.description) == ["127.0.0.1", "172.16.0.0/12"])
        for (text, key) in [
            (#"{"serve": {"basePath": "booktag"}}"#, "serve.basePath"),
            (#"{"serve": {"basePath": "/a/../b"}}"#, "serve.basePath"),
            (#"{"serve": {"trustedProxies": "127.0.0.1"}}"#, "serve.trustedProxies"),
            (#"{"serve": {"trustedProxies": ["proxy.lan"]}}"#, "serve.trustedProxies"),
        ] {
            try Data(text.utf8).write(to: file)
            #expect {
                _ = try BookTagConfiguration.load(file: file, environment: [:])
            } throws: { error in
                (error as? ConfigError)?.localizedDescription.contains(key) == true
            }
        }
    }

    @Test func basePathsAndAddressRangesAreReadStrictly() {
        #expect(ServeSettings.basePath("/booktag/") == "/booktag")
        #expect(ServeSettings.basePath("/apps/booktag") == "/apps/booktag")
        #expect(ServeSettings.basePath("/") == "")
        for bad in ["booktag", "/a/../b", "/a//b", "/a?b", "/a b", "/<x>", "/a\"b", ""] {
            #expect(ServeSettings.basePath(bad) == nil, "\(bad)")
        }
        let lan = AddressRange("172.16.0.0/12")
        #expect(lan?.contains("172.31.255.1") == true)
        #expect(lan?.contains("172.32.0.1") == false)
        #expect(lan?.contains("::ffff:172.20.0.5") == true)
        #expect(AddressRange("fd00::/8")?.contains("fd12::1") == true)
        #expect(AddressRange("fd00::/8")?.contains("fe80::1") == false)
        #expect(AddressRange("::1")?.contains("::1") == true)
        for bad in ["10.0.0.0/33", "example.org", "10.0.0.0/", "10.0.0.0/+8", ""] {
            #expect(AddressRange(bad) == nil, "\(bad)")
        }
        #expect(AddressRange("10.0.0.0/8")?.description == "10.0.0.0/8")
    }
}
