import BookTag
import BookTagTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BookTagServe

/// Share links through serve: `/s/KEY` shows a stranger (no token, no cookie) one tag read-only,
/// its images under the link; everything else stays behind the token; a wrong, revoked or bent
/// address is the same 404; the tag page makes and ends the link.
@Suite struct ServeShareTests {
    typealias Routes = ServeRouteTests

    /// Every `src`, `href`, `action` and `content` address in `html`.
    static func addresses(_ html: String, attribute: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: attribute + #"="([^"]*)""#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    /// The Open Graph property `name`'s content.
    static func openGraph(_ html: String, _ name: String) -> String? {
        let marker = "<meta property=\"og:\(name)\" content=\""
        guard let start = html.range(of: marker) else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The tag page's form makes the link; returns its key, read from the page as the reader sees it.
    static func share(_ tag: String, _ client: any TestClientProtocol) async throws -> String {
        let made = try await client.execute(
            uri: "/tags/\(tag)/share", method: .post, headers: Routes.formHeaders, body: ByteBuffer(string: "share=1"))
        #expect(made.status == .seeOther && made.headers[.location] == "/tags/\(tag)#share-link")
        let page = Routes.body(try await client.execute(uri: "/tags/\(tag)", method: .get, headers: Routes.bearer))
        #expect(page.contains("Stop sharing"))
        let address = try #require(addresses(page, attribute: "readonly value").first)
        #expect(address.hasPrefix("http://localhost/s/"), "absolute, from the Host the browser used: \(address)")
        return String(address.dropFirst("http://localhost/s/".count))
    }

    @Test func aStrangerSeesOneTagReadOnlyWithEveryImage() async throws {
        let server = try Routes.Server()
        try await server.test { client in
            #expect(try await Routes.add("fantasy", client)["state"] as? String == "done")
            #expect(try await Routes.add("science fiction", client)["state"] as? String == "done")
            let before = Routes.body(
                try await client.execute(uri: "/tags/fantasy", method: .get, headers: Routes.bearer))
            #expect(before.contains(">Share a link</button>") && !before.contains("Stop sharing"))
            let key = try await Self.share("fantasy", client)
            #expect(try ShareLinks(store: server.store).link(of: TagName("fantasy"))?.key == key)

            // No token, no cookie: the page, read-only.
            let shared = try await client.execute(uri: "/s/\(key)", method: .get)
            #expect(shared.status == .ok)
            #expect(
                shared.headers[.cacheControl] == "private, no-store" && shared.headers[.referrerPolicy] == "no-referrer"
            )
            let html = Routes.body(shared)
            let books = try server.store.books(of: TagName("fantasy"))
            #expect(html.contains("<h1>fantasy</h1>"))
            for entry in books { #expect(html.contains(entry.book.title.htmlEscaped), "\(entry.book.title)") }
            for absent in ["<form", "<script", "<a ", "science fiction", "/api/", "/books/", "/tags/", "token"] {
                #expect(!html.contains(absent), "\(absent)")
            }
            // Open Graph: an absolute poster at the address the browser used.
            #expect(Self.openGraph(html, "title") == "fantasy")
            #expect(Self.openGraph(html, "url") == "http://localhost/s/\(key)")
            #expect(Self.openGraph(html, "image") == "http://localhost/s/\(key)/poster.png")
            #expect(Self.openGraph(html, "image:width") == "1080" && Self.openGraph(html, "image:height") == "1920")

            // Every image and the stylesheet are under the link, and load without a token.
            let sources = Self.addresses(html, attribute: "src") + Self.addresses(html, attribute: "href")
            #expect(sources.count == books.count + 2)
            for source in sources {
                #expect(source.hasPrefix("/s/\(key)/"), "\(source)")
                let file = try await client.execute(uri: source, method: .get)
                #expect(file.status == .ok, "\(source)")
                let type = file.headers[.contentType] ?? ""
                #expect(type.hasPrefix("image/") || type.hasPrefix("text/css"), "\(source): \(type)")
                #expect(!(file.headers[.cacheControl] ?? "").contains("immutable"), "\(source)")
            }
            for path in ["/s/\(key)", "/s/\(key)/poster.png"] {
                let head = try await client.execute(uri: path, method: .head)
                #expect(head.status == .ok && head.body.readableBytes == 0, "\(path)")
            }
            let poster = try await client.execute(uri: "/s/\(key)/poster.png", method: .get)
            let info = try #require(ImageInfo(Data(buffer: poster.body)))
            #expect(info.format == .png && info.width == 1080 && info.height == 1920)

            // Nothing else answers the stranger.
            let cover = try #require(books.first?.book.coverPath).split(separator: "/").last.map(String.init) ?? ""
            for path in [
                "/", "/tags/fantasy", "/tags/science%20fiction", "/api/tags", "/api/tags/fantasy",
                "/api/tags/fantasy/collage.png", "/covers/\(cover)", "/books/openlibrary/OL1W", "/import",
                "/assets/app.css", "/manifest.webmanifest",
            ] {
                let refused = try await client.execute(uri: path, method: .get)
                #expect(refused.status == .unauthorized, "\(path): \(refused.status)")
            }
        }
    }

    @Test func wrongRevokedAndBentAddressesAreTheSame404() async throws {
        let server = try Routes.Server()
        try await server.test { client in
            #expect(try await Routes.add("fantasy", client)["state"] as? String == "done")
            #expect(try await Routes.add("science fiction", client)["state"] as? String == "done")
            let key = try await Self.share("fantasy", client)
            let notFound = Routes.body(try await client.execute(uri: "/s/AAAAAAAAAAAAAAAAAAAAAAAA", method: .get))
            #expect(notFound.contains("does not exist or was revoked"))
            let ours = Set(try server.store.books(of: TagName("fantasy")).map(\.book.coverPath))
            let theirs = try #require(
                try server.store.books(of: TagName("science fiction")).map(\.book.coverPath).first {
                    !ours.contains($0)
                })
            let theirName = String(theirs.split(separator: "/").last ?? "")
            var near = Array(key)
            near[10] = near[10] == "x" ? "y" : "x"
            let cases = [
                "/s/\(String(near))", "/s/\(key.dropLast())", "/s/\(key)A", "/s/\(key.lowercased())",
                "/s/\(key)/covers/\(theirName)", "/s/\(key)/covers/\(theirs)", "/s/\(key)/covers/../../api/tags",
                "/s/\(key)/..%2F..%2Fapi%2Ftags", "/s/\(key)/%2e%2e/%2e%2e/api/tags", "/s/\(key)%2Fposter.png",
                "/s/\(key)/covers/%2e%2e%2fstore.sqlite3", "/s/\(key)/poster.jpeg", "/s/\(key)/app.js",
                "/s/\(key)/manifest.webmanifest", "/s/../tags/fantasy", "/s/", "/s",
            ]
            for path in cases {
                let answer = try await client.execute(uri: path, method: .get)
                #expect(answer.status == .notFound && Routes.body(answer) == notFound, "\(path): \(answer.status)")
            }
            for method in [HTTPRequest.Method.post, .put, .delete] {
                let answer = try await client.execute(uri: "/s/\(key)", method: method)
                #expect(answer.status == .notFound, "\(method)")
            }

            // Revoked from the tag page: at once, and a cached cover's revalidation is refused too.
            let coverPath = Self.addresses(
                Routes.body(try await client.execute(uri: "/s/\(key)", method: .get)), attribute: "src"
            ).first { $0.contains("/covers/") }
            let cover = try #require(coverPath)
            let first = try await client.execute(uri: cover, method: .get)
            let etag = try #require(first.headers[.eTag])
            #expect(first.headers[.cacheControl] == "private, no-cache")
            let again = try await client.execute(uri: cover, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            let revoke = try await client.execute(
                uri: "/tags/fantasy/share", method: .post, headers: Routes.formHeaders,
                body: ByteBuffer(string: "revoke=1"))
            #expect(revoke.status == .seeOther)
            for path in ["/s/\(key)", cover, "/s/\(key)/poster.png", "/s/\(key)/app.css"] {
                let answer = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag])
                #expect(answer.status == .notFound && Routes.body(answer) == notFound, "\(path)")
            }
            let page = Routes.body(try await client.execute(uri: "/tags/fantasy", method: .get, headers: Routes.bearer))
            #expect(page.contains(">Share a link</button>") && !page.contains(key))
            // A form from elsewhere changes nothing.
            let foreign: HTTPFields = [
                .cookie: "booktag-80=\(Routes.token)", .contentType: "application/x-www-form-urlencoded",
                .origin: "https://evil.example",
            ]
            let refused = try await client.execute(
                uri: "/tags/fantasy/share", method: .post, headers: foreign, body: ByteBuffer(string: "share=1"))
            #expect(refused.status == .forbidden)
            #expect(try ShareLinks(store: server.store).list().isEmpty)
        }
    }

    @Test func aLinkOutlivesTheServerThatMadeIt() async throws {
        let server = try Routes.Server()
        let made = Locked<String?>(nil)
        try await server.test { client in
            #expect(try await Routes.add("fantasy", client)["state"] as? String == "done")
            made.withLock { $0 = nil }
            let key = try await Self.share("fantasy", client)
            made.withLock { $0 = key }
        }
        let key = try #require(made.withLock { $0 })
        // A new server over the same home: the link still answers.
        try await server.test { client in
            let answer = try await client.execute(uri: "/s/\(key)", method: .get)
            #expect(answer.status == .ok)
        }
    }
}

extension ServeShareTests {
    /// Behind a trusted proxy the link and its preview are at the public address: the origin the
    /// proxy names, under its prefix, so a chat app fetching `og:image` from outside reaches it.
    @Test func theLinkIsAtThePublicAddressBehindATrustedProxy() async throws {
        var settings = ServeSettings()
        settings.trustedProxies = [try #require(AddressRange("127.0.0.0/8"))]
        try await ServeProxyTests.test(settings, .live) { client in
            let forwarded: HTTPFields = [
                .xForwardedPrefix: "/booktag", .xForwardedProto: "https", .xForwardedHost: "books.example.org",
            ]
            var signed = forwarded
            signed[.authorization] = "Bearer \(Routes.token)"
            signed[.contentType] = "application/x-www-form-urlencoded"
            let made = try await client.execute(
                uri: "/tags/fantasy/share", method: .post, headers: signed, body: ByteBuffer(string: "share=1"))
            #expect(made.status == .seeOther && made.headers[.location] == "/booktag/tags/fantasy#share-link")
            let page = Routes.body(try await client.execute(uri: "/tags/fantasy", method: .get, headers: signed))
            let address = try #require(Self.addresses(page, attribute: "readonly value").first)
            let prefix = "https://books.example.org/booktag/s/"
            #expect(address.hasPrefix(prefix), "\(address)")
            let key = String(address.dropFirst(prefix.count))
            let html = Routes.body(try await client.execute(uri: "/s/\(key)", method: .get, headers: forwarded))
            #expect(Self.openGraph(html, "image") == prefix + key + "/poster.png")
            #expect(Self.openGraph(html, "url") == prefix + key)
            let sources = Self.addresses(html, attribute: "src") + Self.addresses(html, attribute: "href")
            #expect(!sources.isEmpty)
            for source in sources { #expect(source.hasPrefix("/booktag/s/\(key)/"), "\(source)") }
            // The proxy strips the prefix before it asks: the poster is there.
            let poster = try await client.execute(uri: "/s/\(key)/poster.png", method: .get, headers: forwarded)
            #expect(poster.status == .ok && poster.headers[.contentType] == "image/png")
        }
    }
}
