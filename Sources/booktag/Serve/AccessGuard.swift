import BookTag
import Foundation
import Hummingbird
import HummingbirdCore
import HTTPTypes

/// Every request passes here first: the `Host` must be this server's (403), the token must be
/// given (401), a change must come from this server's own pages or carry the token in its
/// `Authorization` header (403), and the API takes JSON bodies only (415). Errors of any route
/// become `{"error"}` on the API and a page elsewhere.
struct AccessGuard: RouterMiddleware {
    typealias Context = ServeContext
    let access: ServeAccess
    let night: @Sendable () -> Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let api = request.uri.path == "/api" || request.uri.path.hasPrefix("/api/")
        let started = ContinuousClock.now
        var response: Response
        do {
            response = try await checked(request, context: context, api: api, next: next)
        } catch {
            let refusal = ServeError(error)
            if refusal.status.code >= 500, !(error is CancellationError) {
                context.logger.error("\(request.method) \(request.uri.path): \(refusal.message)")
            }
            response = ServeResponse.error(refusal, api: api, night: night())
        }
        ServeResponse.secure(&response)
        // The time inside booktag (a streamed body's is not in it), for the browser's tools and the benchmark.
        let elapsed = ContinuousClock.now - started
        response.headers[.serverTiming] = String(format: "app;dur=%.2f", Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        return response
    }

    private func checked(
        _ request: Request, context: Context, api: Bool, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let host = request.head.authority, access.allows(host: host) else {
            throw ServeError(.forbidden, "this server answers only to \(ServeAccess.hostPart(access.host)):\(access.port); open the address booktag serve printed")
        }
        var fromQuery = false
        let bearer = request.headers[.authorization].flatMap { value in value.hasPrefix("Bearer ") ? value.dropFirst(7) : nil }
        if let bearer {
            guard access.accepts(bearer) else { throw ServeError(.unauthorized, "the token is wrong: use the one booktag serve printed") }
        } else if let token = request.uri.queryParameters["token"] {
            guard access.accepts(token) else { throw ServeError(.unauthorized, "the token is wrong: open the address booktag serve printed") }
            fromQuery = true
        } else {
            guard let cookie = request.cookies[access.cookieName], access.accepts(cookie.value[...]) else {
                throw ServeError(.unauthorized, "a token is needed: open the address booktag serve printed (it ends in ?token=…)")
            }
        }
        let changes = ![.get, .head].contains(request.method)
        if changes, bearer == nil { try checkSameOrigin(request) }
        if changes, api, let type = request.headers[.contentType], !Self.isJSON(type) {
            throw ServeError(.unsupportedMediaType, "the API takes JSON: send Content-Type: application/json")
        }
        if changes, !api, let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            throw ServeError(.unsupportedMediaType, "pages take forms (application/x-www-form-urlencoded); the API is under /api")
        }
        if fromQuery, request.method == .get, !api {
            // Out of the address bar and the history: the cookie carries it from here on.
            var response = ServeResponse.redirect(to: Self.removingToken(from: request.uri))
            response.setCookie(cookie)
            return response
        }
        var response = try await next(request, context)
        if fromQuery { response.setCookie(cookie) }
        return response
    }

    private var cookie: Cookie {
        Cookie(name: access.cookieName, value: access.token, path: "/", httpOnly: true, sameSite: .strict)
    }

    /// A browser names where a change comes from (`Origin`, `Sec-Fetch-Site`); another site's
    /// form is refused even though it could not have had the cookie.
    private func checkSameOrigin(_ request: Request) throws {
        let refusal = ServeError(.forbidden, "a change must come from booktag's own pages")
        if let origin = request.headers[.origin], !access.allows(origin: origin) { throw refusal }
        if let site = request.headers[.secFetchSite], !["same-origin", "none"].contains(site) { throw refusal }
        if request.headers[.origin] == nil, let referer = request.headers[.referer] {
            let components = URLComponents(string: referer)
            guard components?.scheme == "http", let host = components?.host,
                access.allows(host: "\(ServeAccess.hostPart(host)):\(components?.port ?? 80)")
            else { throw refusal }
        }
    }

    static func isJSON(_ type: String) -> Bool {
        type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    static func removingToken(from uri: URI) -> String {
        let kept = (uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") && $0 != "token" }
        return uri.path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
    static let referer = Self("Referer")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let serverTiming = Self("Server-Timing")!
}
