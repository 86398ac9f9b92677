import Hummingbird

/// The `Host` must be this server's (403): a page of another site whose name was rebound to
/// this address (DNS rebinding) is refused before anything else. A trusted proxy answers for the
/// host its browser used.
struct HostMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    let access: ServeAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard context.publicAddress.forwardedHost != nil || request.head.authority.map(access.allows(host:)) == true
        else {
            let answers =
                access.isWildcard
                ? "an IP address or localhost" : "\(ServeAccess.hostPart(access.host)):\(access.port)"
            throw ServeError(
                .forbidden, "this server answers only to \(answers); open the address booktag serve printed")
        }
        return try await next(request, context)
    }
}
