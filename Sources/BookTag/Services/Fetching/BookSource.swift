import Foundation

/// Where books come from. Gathering, the store and the commands depend only on this, so each
/// source (Goodreads, Open Library) lives in its own folder and is chosen in one place.
public protocol BookSource: Sendable {
    /// Which service this is: books it returns carry it in their ids, and tags remember it.
    var kind: SourceKind { get }
    /// One page (1-based) of search results for `query`, a tag's key.
    func searchPage(for query: String, page: Int) async throws -> SearchPage
    /// A book's details by the source's id; an id of another source is refused.
    func book(id: BookID) async throws -> BookDetails
    /// A book's details by ISBN.
    func book(isbn: ISBN) async throws -> BookDetails
    /// The highest search page the source answers.
    var maximumSearchPage: Int { get }
}

/// A source that lists books (a reader's shelf feed, a reading log) but has no way to look one
/// up: asking it for one book is refused, in words that name it.
public protocol BookListSource: BookSource {
    /// What the source is, for that refusal: "a Goodreads shelf feed".
    var listDescription: String { get }
}

extension BookListSource {
    /// Refused: a list cannot look a book up by id.
    public func book(id: BookID) async throws -> BookDetails {
        throw BookSourceError.lookupNotOffered(by: listDescription)
    }

    /// Refused: a list cannot look a book up by ISBN.
    public func book(isbn: ISBN) async throws -> BookDetails {
        throw BookSourceError.lookupNotOffered(by: listDescription)
    }
}

/// Why a source cannot answer a request at all.
public enum BookSourceError: BookTagError, Equatable {
    /// The id belongs to another source (`show --id OL45804W` asked of Goodreads).
    case foreignID(BookID, asked: SourceKind)
    /// The source has no book with this ISBN or id.
    case bookNotFound(source: SourceKind, what: String)
    /// The source lists books but cannot look one up (a shelf feed).
    case lookupNotOffered(by: String)
}

extension BookSourceError {
    /// No such book is not found; the rest are requests the source cannot answer.
    public var kind: BookTagFailure.Kind {
        if case .bookNotFound = self { return .notFound }
        return .usage
    }

    public var errorDescription: String? {
        switch self {
        case .foreignID(let id, let asked):
            "\(id.value) is a \(id.source.displayName) id, not a \(asked.displayName) one"
        case .bookNotFound(let source, let what):
            "\(source.displayName) has no book with \(what): check the number"
        case .lookupNotOffered(let source):
            "\(source) cannot look up a single book"
        }
    }
}
