import Foundation

/// The main job: adding a tag and rerolling it. Gathers from the source, renders the collage,
/// then stores.
///
/// Nothing is stored until a gathering has succeeded and its collage is rendered, and a reroll
/// replaces the old set in one store transaction before the new collage is renamed over the old
/// one, so a failure or a cancellation (Ctrl-C) at any point before the commit leaves what the
/// user had, collage included.
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
        /// The collage written, when one was asked for.
        public var collage: URL?
    }

    /// Creates `name` with `count` books that have covers, from the first search page.
    /// An existing tag is left alone (and no request is made).
    public func add(
        _ name: TagName, count: Int = 12, collage: CollageOptions? = nil,
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> Outcome {
        if let existing = try store.tag(name) {
            throw StoreError.tagExists(existing.name)
        }
        // The search uses the tag's key, so that every spelling of one tag asks the same thing.
        let gathering = try await gatherer.gather(query: name.key, count: count, startPage: 1, progress: progress)
        try Self.checkFoundBooks(gathering, query: name.display)
        return try commit(gathering, title: name.display, key: name.key, collage: collage) {
            try store.createTag(name, source: gathering.source, books: gathering.books, search: Self.position(of: gathering))
        } then: { tag in
            Outcome(tag: tag, books: try store.books(of: name), gathering: gathering)
        }
    }

    /// Replaces the tag's books with books from a random other results page.
    public func reroll(
        _ name: TagName, count: Int = 12, collage: CollageOptions? = nil, using generator: inout some RandomNumberGenerator,
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> Outcome {
        guard let tag = try store.tag(name) else { throw StoreError.tagNotFound(name.display) }
        guard gatherer.source.kind == tag.source else { throw GatheringError.wrongSource(tag: tag.name, source: tag.source) }
        let pages = Gatherer.pageCount(totalResults: tag.totalResults, pageSize: tag.pageSize, maximum: gatherer.source.maximumSearchPage)
        let start = Gatherer.rerollPage(current: tag.startPage, totalPages: pages, using: &generator)
        let gathering = try await gatherer.gather(query: tag.key, count: count, startPage: start, progress: progress)
        try Self.checkFoundBooks(gathering, query: tag.name)
        let outcome = try commit(gathering, title: tag.name, key: tag.key, collage: collage) {
            try store.replaceBooks(of: name, with: gathering.books, search: Self.position(of: gathering))
        } then: { updated in
            Outcome(tag: updated, books: try store.books(of: name), gathering: gathering)
        }
        // Collages of the tag in other formats would now show the old set: render them again.
        if let collage {
            let maker = CollageMaker(store: store)
            for format in maker.existingFormats(forKey: tag.key) where format != collage.format {
                _ = try? maker.make(tag: name, format: format, columns: collage.columns, nightMode: collage.nightMode)
            }
        }
        return outcome
    }

    /// Prepares the collage, stores the set, then puts the collage in place.
    private func commit(
        _ gathering: Gathering, title: String, key: String, collage: CollageOptions?,
        store storeSet: () throws -> Tag, then finish: (Tag) throws -> Outcome
    ) throws -> Outcome {
        let prepared = try collage.map {
            try CollageMaker(store: store).prepare(title: title, key: key, source: gathering.source, books: gathering.books, options: $0)
        }
        let tag: Tag
        do {
            try Task.checkCancellation()
            tag = try storeSet()
        } catch {
            prepared?.discard()
            throw error
        }
        let file = try prepared?.commit()
        var outcome = try finish(tag)
        outcome.collage = file
        return outcome
    }

    private static func checkFoundBooks(_ gathering: Gathering, query: String) throws {
        guard gathering.books.isEmpty else { return }
        if gathering.totalResults == 0 {
            throw GatheringError.noBooks(query: query, source: gathering.source)
        }
        throw GatheringError.noCovers(query: query, results: gathering.totalResults)
    }

    private static func position(of gathering: Gathering) -> SearchPosition {
        SearchPosition(totalResults: gathering.totalResults, pageSize: gathering.pageSize, startPage: gathering.startPage)
    }
}
