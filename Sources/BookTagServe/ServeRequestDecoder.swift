import Foundation
import Hummingbird

/// Request bodies by their content type: JSON on the API, forms on the pages; what cannot be
/// read is one `ServeError` that says which field is wrong.
struct ServeRequestDecoder: RequestDecoder {
    /// The API's bodies are JSON; one without a `Content-Type` is refused.
    let json: Bool

    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        let contentType = request.headers[.contentType]
        if json {
            guard contentType != nil else {
                throw ServeError(.unsupportedMediaType, "the API takes JSON: send Content-Type: application/json")
            }
            do {
                return try JSONDecoder().decode(T.self, from: Data(buffer: body))
            } catch let error as DecodingError {
                throw ServeError(.badRequest, "the JSON body is not what this call takes: \(Self.describe(error))")
            }
        }
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: String(buffer: body))
        } catch {
            throw ServeError(.badRequest, "the form is incomplete: fill in every field it asks for")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "\"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "it is not JSON" : "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" is not valid"
        @unknown default: "it cannot be read"
        }
    }
}
