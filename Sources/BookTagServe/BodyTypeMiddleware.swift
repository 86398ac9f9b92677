import Hummingbird

/// A change's body must be what its routes take (415): JSON on the API, forms on the pages.
struct BodyTypeMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if ![.get, .head].contains(request.method), let type = request.headers[.contentType] {
            if ServeRoutes.isAPI(request.uri.path) {
                guard ServeRequestDecoder.isJSON(type) else {
                    throw ServeError(.unsupportedMediaType, "the API takes JSON: send Content-Type: application/json")
                }
            } else if !type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
                throw ServeError(.unsupportedMediaType, "pages take forms (application/x-www-form-urlencoded); the API is under /api")
            }
        }
        return try await next(request, context)
    }
}
