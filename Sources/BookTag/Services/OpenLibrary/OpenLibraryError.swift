import Foundation

/// Why an Open Library answer could not be used.
public enum OpenLibraryError: BookTagError, Equatable {
    /// The body is not JSON at all; `preview` is its safe first line.
    case notJSON(preview: String)
    /// An HTML page came back where JSON was expected.
    case htmlPage
    /// The body is not well-formed JSON.
    case malformedJSON(String)
    /// Well-formed JSON of another shape than the call answers with.
    case unexpectedShape(String)
    /// 403 or 429 that `Retry-After` did not resolve.
    case rateLimited(retryAfter: Double?)
}

extension OpenLibraryError {
    /// The source answered with something unusable.
    public var kind: BookTagFailure.Kind {
        .api
    }

    public var errorDescription: String? {
        switch self {
        case .notJSON(let preview):
            "Open Library answered with something that is not JSON: \"\(preview)\""
        case .htmlPage:
            "Open Library answered with an HTML page instead of JSON: check openlibrary.baseURL, or try again later"
        case .malformedJSON(let detail):
            "unusable Open Library response: the JSON is malformed (\(detail))"
        case .unexpectedShape(let detail):
            "unusable Open Library response: \(detail); it may have changed format"
        case .rateLimited(let retryAfter?):
            "Open Library is limiting requests and asked to wait \(Int(retryAfter.rounded(.up))) s: wait, then try again (setting openlibrary.contact helps)"
        case .rateLimited(nil):
            "Open Library is limiting requests: wait a few minutes, then try again (setting openlibrary.contact in config.json helps)"
        }
    }
}
