import Hummingbird

/// A change's body must be what its routes take (415): JSON on the API, forms on the pages, an
/// export file on `/api/imports` and a form with a file on `/import`.
struct BodyTypeMiddleware: RouterMiddleware {
    typealias Context = ServeContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if ![.get, .head].contains(request.method), let type = request.headers[.contentType] {
            if request.uri.path == "/api/imports" {
                guard Self.exportTypes.contains(where: type.lowercased().hasPrefix) else {
                    throw ServeError(
                        .unsupportedMediaType,
                        "an import's body is the export file: send Content-Type: text/csv, text/tab-separated-values, application/json or application/octet-stream"
                    )
                }
            } else if request.uri.path == "/import" {
                guard type.lowercased().hasPrefix("multipart/form-data") else {
                    throw ServeError(.unsupportedMediaType, "the import page's form sends multipart/form-data")
                }
            } else if ServeRoutes.isAPI(request.uri.path) {
                guard ServeRequestDecoder.isJSON(type) else {
                    throw ServeError(.unsupportedMediaType, "the API takes JSON: send Content-Type: application/json")
                }
            } else if !type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
                throw ServeError(
                    .unsupportedMediaType, "pages take forms (application/x-www-form-urlencoded); the API is under /api"
                )
            }
        }
        return try await next(request, context)
    }

    /// What an export file may be sent as.
    static let exportTypes = [
        "text/csv", "text/tab-separated-values", "application/json", "application/octet-stream", "text/plain",
    ]
}
