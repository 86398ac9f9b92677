import Foundation

/// `show`: one book with the tags that hold it, from the store when kept, else fetched from its
/// source and then kept.
public struct ShowBook: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore

    /// The use case over `store`, in `workspace`.
    public init(workspace: Workspace, store: BookStore) {
        self.workspace = workspace
        self.store = store
    }

    /// The book `request` names, with the tags that hold it: from the store when kept, else
    /// fetched (and kept). A book its source does not have is a `BookSourceError.bookNotFound`.
    public func run(_ request: ShowRequest, progress: ProgressHandler? = nil) async throws -> (
        book: StoredBook, report: ShownBook
    ) {
        let query = try request.query()
        let lookup = BookLookup(store: store)
        if let kept = try lookup.stored(query) {
            return (kept, ShownBook(kept, tags: try lookup.tags(of: kept), store: store, fromStore: true))
        }
        let configuration = try workspace.configuration(warningTo: progress)
        let kind: SourceKind =
            switch query {
            case .id(let id): id.source
            case .isbn: workspace.chooseSource(request.source, configuration: configuration, progress: progress)
            }
        let connection = try workspace.connect(kind, configuration: configuration, progress: progress)
        let book: StoredBook
        do {
            book = try await connection.closing {
                try await lookup.fetch(query, from: connection.source, covers: connection.covers)
            }
        } catch let error as FetchError {
            if case .notFound = error { throw Self.notFound(query, in: kind) }
            throw error
        } catch let GoodreadsError.apiError(message) where message.localizedCaseInsensitiveContains("not found") {
            throw Self.notFound(query, in: kind)
        }
        return (book, ShownBook(book, tags: try lookup.tags(of: book), store: store, fromStore: false))
    }

    private static func notFound(_ query: BookLookup.Query, in source: SourceKind) -> BookSourceError {
        switch query {
        case .isbn(let isbn): .bookNotFound(source: source, what: "ISBN \(isbn.isbn13)")
        case .id(let id): .bookNotFound(source: id.source, what: "id \(id.value)")
        }
    }
}
