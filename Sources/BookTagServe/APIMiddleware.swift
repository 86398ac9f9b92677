import Hummingbird

/// The first middleware of the `/api` group: its requests' bodies are read as JSON, and any
/// error, the access checks' included, is answered as `{"error"}` rather than a page.
struct APIMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        context.answersInJSON = true
        do {
            return try await next(request, context)
        } catch {
            let refusal = ServeError(error, logging: request, to: context.logger)
            return try JSONAnswer(["error": refusal.message], status: refusal.status)
                .response(from: request, context: context)
        }
    }
}
