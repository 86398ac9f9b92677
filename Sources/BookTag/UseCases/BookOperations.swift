import Foundation

/// The book use cases: `show` one book, and fetch the details `stats` lacks. Books come from the
/// store when kept, else from their source, and are then kept.
public struct BookOperations: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore

    /// Operations on `store`, in `workspace`.
    public init(workspace: Workspace, store: BookStore) {
        self.workspace = workspace
        self.store = store
    }

    /// The book `request` names, with the tags that hold it: from the store when kept, else
    /// fetched (and kept). A book its source does not have is a `BookSourceError.bookNotFound`.
    public func show(_ request: ShowRequest, progress: ProgressHandler? = nil) async throws -> (
        book: StoredBook, report: ShownBook
    ) {
        let query = try request.query()
        let lookup = BookLookup(store: store)
        if let kept = try lookup.stored(query) {
            return (kept, ShownBook(kept, tags: try lookup.tags(of: kept), store: store, fromStore: true))
        }
        let configuration = try configuration(progress)
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

    /// Fetches, through the throttle and `show`'s path, the details of `name`'s books whose page
    /// count is unknown, keeping each as it comes (an interrupted run loses nothing fetched).
    /// Books the source does not have are answered, not thrown; any other failure stops the run.
    public func fetchMissingPages(of name: TagName, progress: ProgressHandler? = nil) async throws -> (
        missing: Int, unavailable: [String]
    ) {
        let missing = try store.booksWithoutPages(of: name)
        guard let kind = missing.first?.source else { return (0, []) }
        let configuration = try configuration(progress)
        let connection = try workspace.connect(kind, configuration: configuration, progress: progress)
        let lookup = BookLookup(store: store)
        let unavailable = try await connection.closing {
            var unavailable: [String] = []
            for (index, id) in missing.enumerated() where id.source == kind {
                progress?(.fetchingDetails(book: index + 1, of: missing.count))
                do {
                    _ = try await lookup.fetch(
                        .id(id), from: connection.source, covers: connection.covers, forItself: false)
                } catch let error as FetchError {
                    switch error {
                    case .notFound, .notRecorded: unavailable.append("\(id): \(error.localizedDescription)")
                    default: throw error
                    }
                } catch let GoodreadsError.apiError(message) where message.localizedCaseInsensitiveContains("not found")
                {
                    unavailable.append("\(id): \(message)")
                }
            }
            return unavailable
        }
        return (missing.count, unavailable)
    }

    /// The settings, read only when a source is needed; unknown keys go to `progress` as warnings.
    private func configuration(_ progress: ProgressHandler?) throws -> BookTagConfiguration {
        let configuration = try workspace.configuration()
        for warning in configuration.warnings { progress?(.warning(warning)) }
        return configuration
    }

    private static func notFound(_ query: BookLookup.Query, in source: SourceKind) -> BookSourceError {
        switch query {
        case .isbn(let isbn): .bookNotFound(source: source, what: "ISBN \(isbn.isbn13)")
        case .id(let id): .bookNotFound(source: id.source, what: "id \(id.value)")
        }
    }
}
