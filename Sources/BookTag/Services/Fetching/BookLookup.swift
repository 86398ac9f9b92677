import Foundation

/// Finds one book for `booktag show`: from the store when its details are known, otherwise
/// from the source, then kept (details and cover) so the next look needs no network.
public struct BookLookup: Sendable {
    /// What the user asked for.
    public enum Query: Sendable, Equatable {
        /// By ISBN, either form.
        case isbn(ISBN)
        /// By its source's id.
        case id(BookID)
    }

    /// Where books are kept.
    public var store: BookStore

    /// A look-up over `store`.
    public init(store: BookStore) {
        self.store = store
    }

    /// The book's stored details, or `nil` when they must be fetched.
    public func stored(_ query: Query) throws -> StoredBook? {
        switch query {
        case .isbn(let isbn): try store.book(isbn: isbn)
        case .id(let id): try store.book(id: id)
        }
    }

    /// Fetches the book's details and keeps them with its cover. A cover a tag already holds is
    /// reused; otherwise it is downloaded, and a book whose cover cannot be had is kept without.
    /// A book the source sent in part (`BookDetails.missingParts`) is returned but not kept.
    /// `forItself` as ``BookStore/saveBook(_:cover:fetchedAt:forItself:)`` takes it.
    public func fetch(_ query: Query, from source: any BookSource, covers: CoverDownloader, forItself: Bool = true)
        async throws -> StoredBook
    {
        let details: BookDetails
        switch query {
        case .isbn(let isbn): details = try await source.book(isbn: isbn)
        case .id(let id): details = try await source.book(id: id)
        }
        var cover: Data?
        if let path = try store.coverPath(ofTagBook: details.id) {
            cover = try? FileBytes.read(store.coverURL(path))
        }
        if cover == nil, case .success(let data) = try await covers.cover(imageURL: details.imageURL) {
            cover = data
        }
        try Task.checkCancellation()
        // A book with parts the source sent broken is shown, not kept as if complete.
        if details.missingParts?.isEmpty == false {
            return StoredBook(details: details, coverPath: nil, fetchedAt: Date())
        }
        return try store.saveBook(details, cover: cover, forItself: forItself)
    }

    /// The names of the tags the book is in.
    public func tags(of book: StoredBook) throws -> [String] {
        try store.tagNames(containing: book.details.id)
    }
}
