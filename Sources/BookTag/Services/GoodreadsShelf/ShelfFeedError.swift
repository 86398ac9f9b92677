import Foundation

/// Why a shelf feed could not be used.
public enum ShelfFeedError: BookTagError, Equatable {
    /// An HTML page instead of the feed: Goodreads answers a private or unknown shelf so.
    case htmlPage
    /// Not XML at all; `preview` is its safe first line.
    case notXML(preview: String)
    /// XML, but not an RSS feed with a channel.
    case notAFeed(root: String)
    /// Broken or hostile XML.
    case unreadableXML(XMLError)
    /// Goodreads answered 404: no such user or shelf.
    case noSuchShelf(String)
}

extension ShelfFeedError {
    /// No such shelf is not found; any other failure is the feed's.
    public var kind: BookTagFailure.Kind {
        if case .noSuchShelf = self { return .notFound }
        return .api
    }

    public var errorDescription: String? {
        switch self {
        case .htmlPage:
            "Goodreads answered with a web page, not the shelf's feed: is the profile public, and the user id and shelf right?"
        case .notXML(let preview):
            "Goodreads answered with something that is not a feed: \"\(preview)\""
        case .notAFeed(let root):
            "expected the shelf's RSS feed but got a <\(root)> document"
        case .noSuchShelf(let shelf):
            "Goodreads has no shelf \(shelf): check the user id (the number in the profile's address) and the shelf's name"
        case .unreadableXML(let error):
            "unusable shelf feed: \(error.localizedDescription)"
        }
    }
}
