import BookTag
import Foundation
import Hummingbird

/// Covers by the name the store gave them, and the two assets; both never change under their
/// name, so they are cached for good and answered 304 to a matching `If-None-Match`.
struct FilesController: Sendable {
    let store: BookStore
    let work: ServeWork

    func addRoutes(to router: RouterGroup<ServeContext>) {
        let css = ByteBuffer(string: ServeAssets.css)
        let script = ByteBuffer(string: ServeAssets.script)
        let cssTag = ServeAssets.etag(ServeAssets.css)
        let scriptTag = ServeAssets.etag(ServeAssets.script)
        router.get("/assets/app.css") { _, _ in
            ImmutableFile(bytes: css, type: "text/css; charset=utf-8", etag: cssTag)
        }
        router.get("/assets/app.js") { _, _ in
            ImmutableFile(bytes: script, type: "text/javascript; charset=utf-8", etag: scriptTag)
        }
        router.get("/covers/{name}", use: cover)
    }

    @Sendable func cover(_ request: Request, context: ServeContext) async throws -> ImmutableFile {
        // The name must be one the store recorded; the file's path is made from it, never from the request.
        let name = try context.parameters.require("name")
        let path = "covers/\(name.prefix(2))/\(name)"
        let store = store
        let data = try await work.read {
            guard try store.knowsCover(path) else { throw ServeError.notFound("no such cover") }
            return try FileBytes.read(store.coverURL(path))
        }
        let type = ImageInfo(data).map { "image/\($0.format.rawValue)" } ?? "application/octet-stream"
        return ImmutableFile(bytes: ByteBuffer(bytes: data), type: type, etag: String(name.prefix(64)))
    }
}
