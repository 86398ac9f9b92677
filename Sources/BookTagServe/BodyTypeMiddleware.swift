import Hummingbird

/// A change's body must be what its routes take (415): forms on the pages, JSON on the API, an
/// export file on `/api/imports`, and a form with a file on `/import`.
struct BodyTypeMiddleware: RouterMiddleware {
    typealias Context = ServeContext
    /// The media types taken (`Content-Type` before any `;`, in lower case).
    let accepted: [String]
    let refusal: String

    static let form = BodyTypeMiddleware(
        accepted: ["application/x-www-form-urlencoded"],
        refusal: "pages take forms (application/x-www-form-urlencoded); the API is under /api")
    static let json = BodyTypeMiddleware(
        accepted: ["application/json"], refusal: "the API takes JSON: send Content-Type: application/json")
    static let exportFile = BodyTypeMiddleware(
        accepted: [
            "text/csv", "text/tab-separated-values", "application/json", "application/octet-stream", "text/plain",
        ],
        refusal: "an import's body is the export file: send Content-Type: text/csv, text/tab-separated-values, "
            + "application/json or application/octet-stream")
    static let formWithFile = BodyTypeMiddleware(
        accepted: ["multipart/form-data"], refusal: "the import page's form sends multipart/form-data")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if ![.get, .head].contains(request.method), let type = request.headers[.contentType] {
            let mediaType = type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard accepted.contains(mediaType) else {
                throw ServeError(.unsupportedMediaType, refusal)
            }
        }
        return try await next(request, context)
    }
}
