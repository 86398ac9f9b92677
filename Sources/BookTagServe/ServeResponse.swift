import BookTag
import Foundation
import HTTPTypes
import Hummingbird

/// The answers `serve` gives: JSON for the API, pages for people, each with the headers every
/// answer carries (no inline script, no caching of what changes, no sniffing, referrers only to
/// this server: with none at all, a browser's form posts say `Origin: null`).
enum ServeResponse {
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    static func json(_ fragment: JSONFragment, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: fragment.json)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        json(JSONFragment(value), status: status)
    }

    static func page(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// After a form: the page to show next (303, so a reload does not post again).
    static func redirect(to location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }

    static func error(_ error: ServeError, api: Bool, night: Bool) -> Response {
        api
            ? json(["error": error.message], status: error.status)
            : page(ServePages.errorPage(error, night: night), status: error.status)
    }

    /// Bytes that never change under their name (covers, assets of this version).
    static func immutable(_ bytes: ByteBuffer, type: String, etag: String, request: Request) -> Response {
        var headers = HTTPFields()
        headers[.eTag] = "\"\(etag)\""
        headers[.cacheControl] = "private, max-age=31536000, immutable"
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "\"\(etag)\"" })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
    }

    /// The headers every answer gets.
    static func secure(_ response: inout Response) {
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.init("X-Frame-Options")!] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    }
}
