import Hummingbird
import HummingbirdCore

/// The token must be given (401): as `Authorization: Bearer`, in the address (`?token=`, which
/// becomes an HttpOnly, SameSite=Strict cookie and leaves the address bar), or as that cookie.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let access: ServeAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        var fromQuery = false
        let bearer = request.headers[.authorization].flatMap { value in
            value.hasPrefix("Bearer ") ? value.dropFirst(7) : nil
        }
        if let bearer {
            guard access.accepts(bearer) else {
                throw ServeError(.unauthorized, "the token is wrong: use the one booktag serve printed")
            }
            context.bearer = true
        } else if let token = request.uri.queryParameters["token"] {
            guard access.accepts(token) else {
                throw ServeError(.unauthorized, "the token is wrong: open the address booktag serve printed")
            }
            fromQuery = true
        } else {
            guard let cookie = request.cookies[access.cookieName], access.accepts(cookie.value[...]) else {
                throw ServeError(
                    .unauthorized, "a token is needed: open the address booktag serve printed (it ends in ?token=…)")
            }
        }
        if fromQuery, request.method == .get, !context.answersInJSON {
            // Out of the address bar and the history: the cookie carries it from here on.
            var response = try SeeOther(Self.removingToken(from: request.uri), at: context.publicAddress)
                .response(from: request, context: context)
            response.setCookie(cookie(at: context.publicAddress))
            return response
        }
        var response = try await next(request, context)
        if fromQuery { response.setCookie(cookie(at: context.publicAddress)) }
        return response
    }

    /// For the app's pages only (its prefix behind a proxy), and `Secure` when the browser came
    /// over HTTPS, so it is never sent in the clear.
    private func cookie(at address: PublicAddress) -> Cookie {
        Cookie(
            name: access.cookieName, value: access.token, path: address.cookiePath, secure: address.isSecure,
            httpOnly: true, sameSite: .strict)
    }

    static func removingToken(from uri: URI) -> String {
        let kept = (uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") && $0 != "token" }
        return uri.path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
}
