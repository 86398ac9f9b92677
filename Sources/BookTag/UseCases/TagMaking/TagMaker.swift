import Foundation

/// Makes and remakes a tag's set, under the use cases: gathers from the source, renders the collage,
/// then stores.
///
/// Nothing is stored until a gathering has succeeded and its collage is rendered, and a reroll
/// replaces the old set in one store transaction before the new collage is renamed over the old
/// one, so a failure or a cancellation (Ctrl-C) at any point before the commit leaves what the
/// user had, collage included.
public struct TagMaker: Sendable {
    /// Where tags are kept.
    public var store: BookStore
    /// Where new books come from.
    public var gatherer: Gatherer
    /// Where collages are drawn.
    public var drawing: any BlockingWork = .inPlace
    /// What draws them, within the workspace's limits.
    public var collageRenderer = CollageRenderer()

    /// Makes tags in `store`, gathering with `gatherer`.
    public init(store: BookStore, gatherer: Gatherer) {
        self.store = store
        self.gatherer = gatherer
    }

    /// The outcome of `add` or `reroll`.
    public struct Outcome: Sendable {
        /// The tag as stored.
        public var tag: Tag
        /// Its books, in collage order.
        public var books: [TagBookEntry]
        /// What the gathering found and where.
        public var gathering: Gathering
        /// The collage written, when one was asked for.
        public var collage: CollageResult?
    }

    /// Creates `name` with `count` books that have covers (`Int.max`: every one), from the first
    /// search page, or from a reader's shelf when `origin` names one. An existing tag is left
    /// alone (and no request is made).
    public func add(
        _ name: TagName, count: Int = 12, origin: TagOrigin? = nil, collage: CollageOptions? = nil,
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> Outcome {
        if let existing = try store.tag(name) {
            throw StoreError.tagExists(existing.name)
        }
        let query = try Self.query(for: name.key, origin: origin)
        // A year's shelf: what it lists of the year before, and reads carried into the year.
        let tally = origin?.year.map { Locked(YearContext.Tally(year: $0)) }
        var noting: (@Sendable (SearchWork) -> Void)?
        if let tally, let origin {
            noting = { work in tally.withLock { $0.add(work, kept: origin.admits(work)) } }
        }
        let gathering = try await gatherer.gather(
            query: query, count: count, startPage: 1, admits: { origin?.admits($0) ?? true },
            drawsMissingCovers: origin != nil, noting: noting, progress: progress)
        try Self.checkFoundBooks(gathering, query: name.display, origin: origin)
        // The year before is known only when the whole shelf was read.
        let context = gathering.readToTheEnd ? tally?.withLock({ $0.result }) : nil
        return try await commit(gathering, title: name.display, key: name.key, collage: collage) {
            try store.createTag(
                name, source: gathering.source, origin: origin, books: gathering.books,
                search: Self.position(of: gathering), yearContext: context)
        } then: { tag in
            Outcome(tag: tag, books: try store.books(of: name), gathering: gathering)
        }
    }

    /// Replaces the tag's books with books from a random other results page. For a shelf, the
    /// books it does not hold come first, from a random page on; the current ones make up the
    /// count only when the shelf has no others. The collage is drawn in the style the tag's
    /// collage was last drawn in (`collage` gives night mode, and the style of a tag never drawn).
    public func reroll(
        _ name: TagName, count: Int = 12, collage: CollageOptions? = nil,
        using generator: inout some RandomNumberGenerator,
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> Outcome {
        let tag = try store.existingTag(name)
        guard gatherer.source.kind == tag.source else {
            throw GatheringError.wrongSource(tag: tag.name, source: tag.source)
        }
        let query = try Self.query(for: tag.key, origin: tag.origin)
        let pages = Gatherer.pageCount(
            totalResults: tag.totalResults, pageSize: tag.pageSize, maximum: gatherer.source.maximumSearchPage)
        let start = Gatherer.rerollPage(current: tag.startPage, totalPages: pages, using: &generator)
        let current = tag.origin == nil ? [] : try store.books(of: name)
        var gathering = try await gatherer.gather(
            query: query, count: count, startPage: start, admits: { tag.origin?.admits($0) ?? true },
            excluding: Set(current.map(\.book.bookID)), drawsMissingCovers: tag.origin != nil, progress: progress)
        if gathering.books.count < count {
            gathering.books += try Self.coversOf(current.prefix(count - gathering.books.count), store: store)
        }
        try Self.checkFoundBooks(gathering, query: tag.name, origin: tag.origin)
        // Drawn as it was last drawn, in a format the tag has a collage in.
        let formats = CollageMaker(store: store, renderer: collageRenderer).existingFormats(forKey: tag.key)
        let drawn = collage.map { options in
            let recorded = options.following(tag.collageStyle)
            return formats.isEmpty || formats.contains(recorded.format) ? recorded : recorded.with(format: formats[0])
        }
        let outcome = try await commit(gathering, title: tag.name, key: tag.key, collage: drawn) {
            try store.replaceBooks(of: name, with: gathering.books, search: Self.position(of: gathering))
        } then: { updated in
            Outcome(tag: updated, books: try store.books(of: name), gathering: gathering)
        }
        // Collages of the tag in other formats would now show the old set: render them again.
        if let drawn {
            _ = try? await drawing.run { [store] in
                try CollageMaker(store: store, renderer: collageRenderer).remakeExisting(
                    tag: name, options: drawn, except: drawn.format)
            }
        }
        return outcome
    }

    /// Prepares the collage, stores the set, then puts the collage in place.
    private func commit(
        _ gathering: Gathering, title: String, key: String, collage: CollageOptions?,
        store storeSet: () throws -> Tag, then finish: (Tag) throws -> Outcome
    ) async throws -> Outcome {
        let store = store
        var prepared: PreparedCollage?
        if let collage {
            prepared = try await drawing.run {
                try CollageMaker(store: store, renderer: collageRenderer).prepare(
                    title: title, key: key, source: gathering.source, books: gathering.books, options: collage)
            }
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

    /// What the gatherer is asked: a search for the tag's key, or the shelf its origin names.
    static func query(for key: String, origin: TagOrigin?) throws -> String {
        switch origin {
        case nil: key
        case .shelf(let reference, _)?: reference.description
        case let export?: throw GatheringError.notGatherable(origin: export)
        }
    }

    /// The tag's current books as gathered books, their covers read back from the store.
    static func coversOf(_ entries: some Sequence<TagBookEntry>, store: BookStore) throws -> [GatheredBook] {
        try entries.map { entry in
            let book = entry.book
            let work = SearchWork(
                workID: book.workID, id: book.bookID, title: book.title, authorID: book.authorID,
                authorName: book.authorName,
                imageURL: book.imageURL, averageRating: book.averageRating, ratingsCount: book.ratingsCount,
                originalPublicationYear: book.originalPublicationYear)
            return GatheredBook(work: work, cover: try FileBytes.read(store.coverURL(book.coverPath)))
        }
    }

    private static func checkFoundBooks(_ gathering: Gathering, query: String, origin: TagOrigin? = nil) throws {
        guard gathering.books.isEmpty else { return }
        if let origin, gathering.totalResults == 0 {
            throw GatheringError.emptyListing(origin: origin, listed: gathering.listed)
        }
        if gathering.totalResults == 0 {
            throw GatheringError.noBooks(query: query, source: gathering.source)
        }
        throw GatheringError.noCovers(query: query, results: gathering.totalResults)
    }

    private static func position(of gathering: Gathering) -> SearchPosition {
        // An open-ended feed's pages are counted from the books it listed, year or not.
        SearchPosition(
            totalResults: max(gathering.totalResults, gathering.listed), pageSize: gathering.pageSize,
            startPage: gathering.startPage)
    }
}
