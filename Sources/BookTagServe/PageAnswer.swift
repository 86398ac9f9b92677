import HTTPTypes
import Hummingbird

/// An answer for people: a whole HTML page with its status.
struct PageAnswer: ResponseGenerator {
    let html: String
    var status: HTTPResponse.Status = .ok

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
