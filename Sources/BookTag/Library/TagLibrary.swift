import Foundation

/// The main job: adding a tag and rerolling it. Gathers from the source, then stores.
///
/// Nothing is stored until a gathering has succeeded, and a reroll replaces the old set in one
/// store transaction, so a failure or a cancellation (Ctrl-C) at any point leaves what the user
/// had.
public struct TagLibrary: Sendable {
    public var store: BookStore
    public var gatherer: Gatherer

    public init(store: BookStore, gatherer: Gatherer) {
        self.store = store
        self.gatherer = gatherer
    }

    /// The outcome of `add` or `reroll`.
    public struct Outcome: Sendable {
        public var tag: Tag
        public var books: [TagBookEntry]
        public var gathering: Gathering
    }

    /// Creates `name` with `count` books that have covers, from the first search page.
    /// An existing tag is left alone (and no request is made).
    public func add(_ name: TagName, count: Int = 12, progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }) async throws -> Outcome {
        if let existing = try store.tag(name) {
            throw StoreError.tagExists(existing.name)
        }
        // The search uses the tag's key, so that every spelling of one tag asks the same thing.
        let gathering = try await gatherer.gather(query: name.key, count: count, startPage: 1, progress: progress)
        try Self.checkFoundBooks(gathering, query: name.display)
        try Task.checkCancellation()
        let tag = try store.createTag(name, books: gathering.books, search: Self.position(of: gathering))
        return Outcome(tag: tag, books: try store.books(of: name), gathering: gathering)
    }

    /// Replaces the tag's books with books from a random other results page.
    public func reroll(
        _ name: TagName, count: Int = 12, using generator: inout some RandomNumberGenerator,
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> Outcome {
        guard let tag = try store.tag(name) else { throw StoreError.tagNotFound(name.display) }
        let pages = Gatherer.pageCount(totalResults: tag.totalResults, pageSize: tag.pageSize, maximum: gatherer.source.maximumSearchPage)
        let start = Gatherer.rerollPage(current: tag.startPage, totalPages: pages, using: &generator)
        let gathering = try await gatherer.gather(query: tag.key, count: count, startPage: start, progress: progress)
        try Self.checkFoundBooks(gathering, query: tag.name)
        try Task.checkCancellation()
        let updated = try store.replaceBooks(of: name, with: gathering.books, search: Self.position(of: gathering))
        return Outcome(tag: updated, books: try store.books(of: name), gathering: gathering)
    }

    private static func checkFoundBooks(_ gathering: Gathering, query: String) throws {
        guard gathering.books.isEmpty else { return }
        if gathering.totalResults == 0 {
            throw GatheringError.noBooks(query: query)
        }
        throw GatheringError.noCovers(query: query, results: gathering.totalResults)
    }

    private static func position(of gathering: Gathering) -> SearchPosition {
        SearchPosition(totalResults: gathering.totalResults, pageSize: gathering.pageSize, startPage: gathering.startPage)
    }
}
