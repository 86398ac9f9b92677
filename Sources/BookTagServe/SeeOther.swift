import HTTPTypes
import Hummingbird

/// After a form: the page to show next (303, so a reload does not post again), under the
/// prefix the browser sees the app at.
struct SeeOther: ResponseGenerator {
    let location: String

    /// `path` is from the app's root (`/tags/x`).
    init(_ path: String, at address: PublicAddress) {
        location = address.path(path)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}
