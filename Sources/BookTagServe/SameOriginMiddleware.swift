import Foundation
import Hummingbird

/// A change (anything but GET and HEAD) must come from this server's own pages (403), unless it
/// carries the token as a bearer: a browser names where a change comes from (`Origin`,
/// `Sec-Fetch-Site`, `Referer`), and another site's form is refused even though it could not
/// have had the cookie.
struct SameOriginMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let access: ServeAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if ![.get, .head].contains(request.method), !context.bearer { try check(request, at: context.publicAddress) }
        return try await next(request, context)
    }

    private func check(_ request: Request, at address: PublicAddress) throws {
        let refusal = ServeError(.forbidden, "a change must come from booktag's own pages")
        let requestHost = request.head.authority
        if let origin = request.headers[.origin], !access.allows(origin: origin, at: address, requestHost: requestHost)
        {
            throw refusal
        }
        if let site = request.headers[.secFetchSite], !["same-origin", "none"].contains(site) { throw refusal }
        if request.headers[.origin] == nil, let referer = request.headers[.referer] {
            guard let components = URLComponents(string: referer), let scheme = components.scheme,
                let host = components.host
            else { throw refusal }
            let port = components.port.map { ":\($0)" } ?? ""
            let origin = "\(scheme)://\(ServeAccess.hostPart(host))\(port)"
            guard access.allows(origin: origin, at: address, requestHost: requestHost) else {
                throw refusal
            }
        }
    }
}
