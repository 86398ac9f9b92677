import HTTPTypes
import Hummingbird

/// After a form: the page to show next (303, so a reload does not post again).
struct SeeOther: ResponseGenerator {
    let location: String

    init(_ location: String) {
        self.location = location
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        return Response(status: .seeOther, headers: headers)
    }
}
