import Foundation

/// `stats --fetch`: the details `stats` lacks (page counts), fetched through `show`'s path and
/// kept as they come.
public struct FetchMissingPages: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore

    /// The use case over `store`, in `workspace`.
    public init(workspace: Workspace, store: BookStore) {
        self.workspace = workspace
        self.store = store
    }

    /// Fetches, through the throttle and `show`'s path, the details of `name`'s books whose page
    /// count is unknown, keeping each as it comes (an interrupted run loses nothing fetched).
    /// Books the source does not have are answered, not thrown; any other failure stops the run.
    public func run(of name: TagName, progress: ProgressHandler? = nil) async throws -> (
        missing: Int, unavailable: [String]
    ) {
        let missing = try store.booksWithoutPages(of: name)
        guard let kind = missing.first?.source else { return (0, []) }
        let configuration = try workspace.configuration(warningTo: progress)
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
}
