import Foundation

extension TagMaker {
    /// What `drop` did.
    public struct DropOutcome: Sendable {
        /// The tag after the change.
        public var tag: Tag
        /// Its books now, in order.
        public var books: [TagBookEntry]
        /// The books taken out, in their old order.
        public var dropped: [TagBookEntry]
        /// Books that took dropped places.
        public var replacements: Int
        /// Dropped places the source had no other covered book for (closed up).
        public var unfilled: Int
        /// The collages drawn again.
        public var collages: [CollageResult]
        /// What refilled the places, with `--replace`.
        public var gathering: Gathering?
    }

    /// Removes the named books from a tag in one step, their cover files once no book uses them,
    /// and draws the tag's collages again (each format it has, in the style recorded). With
    /// `replace`, each place is refilled, in place, by the next covered book of the tag's source
    /// that the tag does not hold (from the page the set came from on); places the source has no
    /// book for are closed up. On any failure nothing changes.
    public func drop(
        _ name: TagName, books selectors: [String], replace: Bool, collage options: CollageOptions,
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> DropOutcome {
        try await Self.drop(
            name, books: selectors, from: store, refillingFrom: replace ? gatherer : nil, collage: options,
            drawing: drawing, renderer: collageRenderer, progress: progress)
    }

    /// The same without a source, when nothing is refilled (no network).
    public static func drop(
        _ name: TagName, books selectors: [String], from store: BookStore, refillingFrom gatherer: Gatherer?,
        collage options: CollageOptions, drawing: any BlockingWork = .inPlace,
        renderer collageRenderer: CollageRenderer = CollageRenderer(),
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> DropOutcome {
        let replace = gatherer != nil
        let tag = try store.existingTag(name)
        let entries = try store.books(of: name)
        let positions = try BookSelector.positions(of: selectors, in: entries, tag: tag.name)
        if replace, tag.origin?.isExport == true { throw DropError.cannotReplaceExport(tag: tag.name) }
        if !replace, positions.count == entries.count { throw DropError.wouldEmpty(tag: tag.name) }
        var gathering: Gathering?
        if let gatherer {
            guard gatherer.source.kind == tag.source else {
                throw GatheringError.wrongSource(tag: tag.name, source: tag.source)
            }
            gathering = try await gatherer.gather(
                query: try query(for: tag.key, origin: tag.origin), count: positions.count, startPage: tag.startPage,
                admits: { tag.origin?.admits($0) ?? true }, excluding: Set(entries.map(\.book.bookID)),
                drawsMissingCovers: tag.origin != nil, progress: progress)
        }
        var replacements = (gathering?.books ?? [])[...]
        var books: [GatheredBook] = []
        let dropped = Set(positions)
        for (index, entry) in entries.enumerated() {
            if dropped.contains(index) {
                if let replacement = replacements.popFirst() { books.append(replacement) }
            } else {
                books += try coversOf([entry], store: store)
            }
        }
        guard !books.isEmpty else { throw DropError.wouldEmpty(tag: tag.name) }
        try Task.checkCancellation()

        let maker = CollageMaker(store: store, renderer: collageRenderer)
        let formats = maker.existingFormats(forKey: tag.key)
        let style = options.following(tag.collageStyle)
        let drawnBooks = books
        var prepared: PreparedCollage?
        if let format = formats.first {
            prepared = try await drawing.run {
                try maker.prepare(
                    title: tag.name, key: tag.key, source: tag.source, books: drawnBooks,
                    options: style.with(format: format))
            }
        }
        let updated: Tag
        do {
            // Books were fetched only when places were refilled.
            let fetchedAt = gathering == nil ? tag.lastFetchedAt ?? tag.createdAt : Date()
            updated = try store.replaceBooks(
                of: name, with: books,
                search: SearchPosition(
                    totalResults: tag.totalResults, pageSize: tag.pageSize, startPage: tag.startPage,
                    fetchedAt: fetchedAt))
        } catch {
            prepared?.discard()
            throw error
        }
        var collages = try prepared.map { [try $0.commit()] } ?? []
        collages +=
            (try? await drawing.run { try maker.remakeExisting(tag: name, options: style, except: formats.first) })
            ?? []
        let filled = books.count - (entries.count - positions.count)
        return DropOutcome(
            tag: updated, books: try store.books(of: name), dropped: positions.map { entries[$0] },
            replacements: filled,
            unfilled: replace ? positions.count - filled : 0, collages: collages, gathering: gathering)
    }
}
