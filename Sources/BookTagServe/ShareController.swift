import BookTag
import Foundation
import HTTPTypes
import Hummingbird

/// Share links: `/s/KEY` shows one tag's year page to anyone holding the key, without the token,
/// with its story poster, its stylesheet and its covers under the same key and nothing else.
/// Every request looks the key up in the store, so a revoked link is 404 at once; a wrong key and
/// a revoked one get the same answer. The tag page's forms make and revoke the link.
struct ShareController: Sendable {
    let workspace: Workspace
    let store: BookStore
    let work: ServeWork

    private var links: ShareLinks { ShareLinks(store: store) }

    /// The stranger's addresses, under `/s`.
    func addLinkRoutes(to router: RouterGroup<ServeContext>) {
        // HEAD too, as a preview fetcher may ask before it takes the poster.
        for (path, handler) in [
            ("{key}", page), ("{key}/app.css", stylesheet), ("{key}/poster.png", poster),
            ("{key}/covers/{name}", cover),
        ] as [(String, @Sendable (Request, ServeContext) async throws -> Response)] {
            router.get(RouterPath(path), use: handler)
            router.head(RouterPath(path)) { request, context in
                try await handler(request, context).createHeadResponse()
            }
        }
        // Anything else under `/s` is the same 404 (beside a capture, a catch-all would never be reached).
        for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch] {
            for path in ["", "{key}/**"] + (method == .get || method == .head ? [] : ["{key}"]) {
                router.on(RouterPath(path), method: method) { _, _ in Self.notFound() }
            }
        }
    }

    /// The tag page's form: `POST /tags/{tag}/share` makes the link (`revoke=1` ends it).
    func addFormRoutes(to router: RouterGroup<ServeContext>) {
        router.post("/tags/{tag}/share", use: change)
    }

    /// The share form's fields: `revoke=1` ends the link, anything else makes it.
    struct ShareForm: Decodable {
        var revoke: String?
    }

    @Sendable func change(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let name = try ServeRoutes.tagName(context)
        let revoke = try await request.decode(as: ShareForm.self, context: context).revoke == "1"
        let links = links
        // The page a friend opens is in the language its maker sees now.
        let language = context.words.language
        try await work.read {
            if revoke {
                try links.revoke(name)
            } else {
                _ = try links.share(name, language: language)
            }
        }
        return SeeOther(ServePages.tagPath(name.display) + "#share-link", at: context.publicAddress)
    }

    @Sendable func page(_ request: Request, context: ServeContext) async throws -> Response {
        let key = try context.parameters.require("key")
        let (store, workspace, links) = (store, workspace, links)
        let origin = context.publicAddress.origin(of: request)
        let (night, address) = (workspace.nightMode, context.publicAddress)
        let html: String? = try await work.read {
            guard let link = try links.link(forKey: key[...]), let name = try? TagName(link.tag),
                let tag = try store.tag(name)
            else { return nil }
            return ServePages.sharedPage(
                tag: tag, books: try store.books(of: name), stats: try store.stats(of: name).inLanguage(link.language),
                link: ServePages.SharedLink(key: key, origin: origin),
                frame: ServePages.Frame(night: night, at: address, words: Words(link.language)))
        }
        guard let html else { return Self.notFound() }
        var response = try PageAnswer(html: html).response(from: request, context: context)
        Self.keepPrivate(&response)
        return response
    }

    @Sendable func stylesheet(_ request: Request, context: ServeContext) async throws -> Response {
        let key = try context.parameters.require("key")
        let links = links
        guard try await work.read({ try links.tag(forKey: key[...]) }) != nil else { return Self.notFound() }
        return try ImmutableFile(
            bytes: ByteBuffer(string: ServeAssets.css), type: "text/css; charset=utf-8",
            etag: ServeAssets.etag(ServeAssets.css), revalidated: true
        ).response(from: request, context: context)
    }

    /// The story poster with its numbers: what a chat app's preview shows (`og:image`).
    @Sendable func poster(_ request: Request, context: ServeContext) async throws -> Response {
        let key = try context.parameters.require("key")
        let (store, workspace, links) = (store, workspace, links)
        let found: (TagName, CollageOptions)? = try await work.read {
            guard let link = try links.link(forKey: key[...]), let name = try? TagName(link.tag) else { return nil }
            var asked = CollageRequest()
            asked.size = "story"
            asked.stats = true
            var options = try asked.resolve(try workspace.configuration(), nightMode: workspace.nightMode)
            options.language = link.language
            return (name, options)
        }
        guard let (name, options) = found else { return Self.notFound() }
        let data = try await work.render {
            try CollageMaker(store: store, renderer: workspace.limits.collageRenderer).imageData(
                tag: name, options: options)
        }
        var response = Response(
            status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        Self.keepPrivate(&response)
        return response
    }

    /// A cover of the shared tag's books, by the name the store gave it; any other is 404.
    @Sendable func cover(_ request: Request, context: ServeContext) async throws -> Response {
        let key = try context.parameters.require("key")
        let name = try context.parameters.require("name")
        let (store, links) = (store, links)
        let data: Data? = try await work.read {
            guard let tag = try links.tag(forKey: key[...]),
                let path = try store.books(of: tag).map(\.book.coverPath).first(where: {
                    ServePages.coverPath($0) == "/covers/" + name
                })
            else { return nil }
            return try FileBytes.read(store.coverURL(path))
        }
        guard let data else { return Self.notFound() }
        let type = ImageInfo(data).map { "image/\($0.format.rawValue)" } ?? "application/octet-stream"
        return try ImmutableFile(
            bytes: ByteBuffer(bytes: data), type: type, etag: String(name.prefix(64)), revalidated: true
        ).response(from: request, context: context)
    }

    private static func keepPrivate(_ response: inout Response) {
        response.headers[.cacheControl] = "private, no-store"
        response.headers[.xRobotsTag] = "noindex"
        response.headers[.referrerPolicy] = "no-referrer"
    }

    /// The one answer to a key that shows nothing, whatever the reason: a page that names nothing.
    static func notFound() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .notFound, headers: headers,
            body: .init(
                byteBuffer: ByteBuffer(
                    string: """
                        <!DOCTYPE html>
                        <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
                        <body><main><h1>Not found</h1><p>This link does not exist or was revoked.</p></main></body></html>

                        """)))
    }
}

extension HTTPField.Name {
    static let xRobotsTag = Self("X-Robots-Tag")!
}
