import Foundation
import HTTPTypes
import Hummingbird

/// An answer of the API: a JSON document (the library's reports, encoded once) with its status.
struct JSONAnswer: ResponseGenerator {
    let fragment: JSONFragment
    var status: HTTPResponse.Status = .ok
    var contentType = "application/json; charset=utf-8"

    init(_ fragment: JSONFragment, status: HTTPResponse.Status = .ok) {
        self.fragment = fragment
        self.status = status
    }

    init(_ value: some Encodable, status: HTTPResponse.Status = .ok) {
        self.init(JSONFragment(value), status: status)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: fragment.json)))
    }
}
