import Foundation

/// What a gathering found: books with real covers, in search order, and where they came from.
public struct Gathering: Sendable {
    public var books: [GatheredBook]
    public var wanted: Int
    public var startPage: Int
    /// Pages in the order they were fetched.
    public var pagesFetched: [Int]
    public var totalResults: Int
    /// Results per page as the server reported it.
    public var pageSize: Int?
    /// Pages the results allow (capped at the source's maximum).
    public var totalPages: Int

    /// How many fewer books than wanted exist with covers.
    public var shortfall: Int { max(0, wanted - books.count) }
}

/// Why a gathering produced nothing to keep.
public enum GatheringError: Error, Equatable, Sendable {
    case noBooks(query: String)
    case noCovers(query: String, results: Int)
}

extension GatheringError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .noBooks(query):
            "Goodreads has no books for \"\(query)\"; nothing was stored: try another tag"
        case let .noCovers(query, results):
            "none of the \(results) books found for \"\(query)\" has a cover; nothing was stored: try another tag"
        }
    }
}
