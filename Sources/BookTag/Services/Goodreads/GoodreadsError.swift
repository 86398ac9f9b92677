import Foundation

/// Why a Goodreads answer could not be used.
public enum GoodreadsError: BookTagError, Equatable {
    /// Goodreads answered `<error>…</error>`.
    case apiError(message: String)
    /// The body is not XML at all, such as `Invalid API key.`; `preview` is its safe first line.
    case notXML(preview: String)
    /// An HTML page came back where XML was expected.
    case htmlPage
    /// Well-formed XML, but not a `<GoodreadsResponse>`.
    case unexpectedDocument(root: String)
    /// A `<GoodreadsResponse>` without an element every such answer has.
    case missingElement(String)
    /// The body could not be parsed as XML, or was refused as hostile.
    case unreadableXML(XMLError)
}

extension GoodreadsError {
    /// The source answered with something unusable.
    public var kind: BookTagFailure.Kind {
        .api
    }

    public var errorDescription: String? {
        switch self {
        case .apiError(let message):
            "Goodreads answered with an error: \(message.isEmpty ? "(no message)" : message)"
        case .notXML(let preview) where preview.localizedCaseInsensitiveContains("api key"):
            "Goodreads refused the request (\"\(preview)\"): check goodreads.apiKey in config.json or BOOKTAG_API_KEY"
        case .notXML(let preview):
            "Goodreads answered with something that is not XML: \"\(preview)\""
        case .htmlPage:
            "Goodreads answered with an HTML page instead of XML: check goodreads.baseURL, or try again later"
        case .unexpectedDocument(let root):
            "expected a Goodreads response but got a <\(root)> document: check goodreads.baseURL"
        case .missingElement(let name):
            "the Goodreads response has no <\(name)> element; it may have changed format"
        case .unreadableXML(let error):
            "unusable Goodreads response: \(error.localizedDescription)"
        }
    }
}
