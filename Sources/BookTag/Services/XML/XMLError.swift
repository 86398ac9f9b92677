import Foundation

/// Why a byte buffer could not be turned into an XML tree.
///
/// Each case is a different remedy for the user: a size or structure problem is the server's
/// fault, a DTD is refused on principle (entities can expand without bound or read local files).
public enum XMLError: BookTagError, Equatable {
    /// The buffer held nothing but whitespace.
    case empty
    /// The buffer exceeded the size accepted before parsing starts.
    case tooLarge(bytes: Int, limit: Int)
    /// The document declares a DTD; `systemID` names the external one, if any.
    case doctypeNotAllowed(systemID: String?)
    /// Elements nest deeper than libxml2's safe limit.
    case tooDeep(line: Int, column: Int)
    /// The bytes are not valid text in the declared encoding.
    case invalidEncoding(line: Int, column: Int)
    /// libxml2 found the document not well-formed.
    case malformed(message: String, line: Int, column: Int)
}

extension XMLError {
    /// The source answered with something unusable.
    public var kind: BookTagFailure.Kind {
        .api
    }

    public var errorDescription: String? {
        switch self {
        case .empty:
            "the response is empty"
        case .tooLarge(let bytes, let limit):
            "the response is \(bytes) bytes, over the \(limit)-byte limit; refusing to parse it"
        case .doctypeNotAllowed(let systemID?):
            "the response declares an external DTD (\(systemID.prefix(200))); DTDs are refused because they can read local files"
        case .doctypeNotAllowed(nil):
            "the response declares a DTD; DTDs are refused because their entities can expand without bound or read local files"
        case .tooDeep(let line, let column):
            "the response nests elements too deeply (line \(line), column \(column)); refusing to parse it"
        case .invalidEncoding(let line, let column):
            "the response is not valid UTF-8 text (line \(line), column \(column))"
        case .malformed(let message, let line, let column):
            "the response is not well-formed XML (line \(line), column \(column)): \(message)"
        }
    }
}
