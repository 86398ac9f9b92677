import Foundation

/// What a gathering found: books with real covers, in search order, and where they came from.
public struct Gathering: Sendable {
    /// Where the books came from.
    public var source: SourceKind
    /// Books with real covers, in the source's order.
    public var books: [GatheredBook]
    /// How many were asked for (`Int.max`: all).
    public var wanted: Int
    /// The first page read.
    public var startPage: Int
    /// Pages in the order they were fetched.
    public var pagesFetched: [Int]
    /// What the source said it has, over all pages.
    public var totalResults: Int
    /// Results per page as the server reported it.
    public var pageSize: Int?
    /// Pages the results allow (capped at the source's maximum).
    public var totalPages: Int
    /// For an open-ended feed: the distinct books its pages listed, before `admits` and
    /// `excluding` (`totalResults` counts those admitted).
    public var listed: Int = 0
    /// Whether every page was read (the results ran out before the wanted books were held):
    /// what a shelf says of the year before its tag's is then whole.
    public var readToTheEnd = false

    /// How many fewer books than wanted exist with covers.
    public var shortfall: Int { wanted == Int.max ? 0 : max(0, wanted - books.count) }
}

/// Why a gathering produced nothing to keep.
public enum GatheringError: BookTagError, Equatable {
    /// The source has no results for the query.
    case noBooks(query: String, source: SourceKind)
    /// Results, but none with a real cover.
    case noCovers(query: String, results: Int)
    /// A tag is only ever gathered again from the source it was made from.
    case wrongSource(tag: String, source: SourceKind)
    /// A shelf with no books (or none read in the year asked).
    case emptyListing(origin: TagOrigin, listed: Int)
    /// A tag made from an export is made again by importing, not by gathering.
    case notGatherable(origin: TagOrigin)
}

extension GatheringError {
    /// A tag from an export is a request to refuse; anything else found nothing.
    public var kind: BookTagFailure.Kind {
        if case .notGatherable = self { return .usage }
        return .notFound
    }

    /// What the reader can change.
    public var advice: Advice? {
        switch self {
        case .emptyListing(let origin, let listed) where origin.year != nil && listed > 0: .anotherYear
        case .notGatherable: .importTheExportAgain
        default: nil
        }
    }

    public var errorDescription: String? {
        switch self {
        case .noBooks(let query, let source):
            "\(source.displayName) has no books for \"\(query)\"; nothing was stored: try another tag"
        case .wrongSource(let tag, let source):
            "\"\(tag)\" holds books from \(source.displayName) and can only be gathered from there"
        case .emptyListing(let origin, let listed):
            if let year = origin.year, listed > 0 {
                "none of the \(listed) books on \(origin.listingName) was \(origin.datesAreShelved ? "shelved" : "read") in \(year); nothing was stored"
            } else {
                "\(origin.displayName) has no books: is the shelf's name right and the profile public? nothing was stored"
            }
        case .notGatherable(let origin):
            "a tag made from a \(origin.displayName) gets new books by importing the export again"
        case .noCovers(let query, let results):
            "none of the \(results) books found for \"\(query)\" has a cover; nothing was stored: try another tag"
        }
    }
}
