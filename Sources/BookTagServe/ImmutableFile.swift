import HTTPTypes
import Hummingbird

/// Bytes that never change under their name (covers, icons, assets of this version): cached for
/// good, and answered 304 to a matching `If-None-Match`. A share link's files are asked again on
/// every use instead (`revalidated`), so that a revoked link shows nothing from a cache.
struct ImmutableFile: ResponseGenerator {
    let bytes: ByteBuffer
    let type: String
    let etag: String
    var revalidated = false

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.eTag] = "\"\(etag)\""
        headers[.cacheControl] = revalidated ? "private, no-cache" : "private, max-age=31536000, immutable"
        if revalidated { headers[.xRobotsTag] = "noindex" }
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "\"\(etag)\"" })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
    }
}
