import BookTag
import Hummingbird

/// serve's routes behind the one step that must come before routing: where the request's
/// browser sees the server (`ServeAccess.place`), and the request's path with the proxy's prefix
/// taken off, so that a proxy that strips the prefix and one that passes it on reach the same
/// routes. A request the step refuses (a trusted proxy's malformed headers) is routed at the
/// configured base and answered by `ResponseMiddleware` with the refusal.
struct PlacingRouter: HTTPResponderBuilder {
    let routes: Router<ServeContext>
    let access: ServeAccess

    func buildResponder() -> PlacingResponder {
        PlacingResponder(routes: routes.buildResponder(), access: access)
    }
}

struct PlacingResponder: HTTPResponder {
    let routes: RouterResponder<ServeContext>
    let access: ServeAccess

    @Sendable func respond(to request: Request, context: ServeContext) async throws -> Response {
        // A health check asks for nothing of the request: it is answered whatever its headers.
        if request.uri.path == ServeRoutes.healthPath { return try await routes.respond(to: request, context: context) }
        var context = context
        do {
            context.publicAddress = try access.place(request, from: context.peer)
        } catch {
            context.publicAddress = PublicAddress(base: access.basePath)
            context.misplaced = error
        }
        return try await routes.respond(
            to: ServeAccess.removing(context.publicAddress.base, from: request), context: context)
    }
}
