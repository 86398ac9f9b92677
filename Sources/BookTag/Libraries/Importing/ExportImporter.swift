import Foundation

/// Makes tags from a reader's library export, whichever service wrote it (the one importer every
/// format's reader feeds): finds each book's cover at Open Library (cover ids in batches through
/// `search.json`, then the images by id), stages the covers as files as they arrive, and stores
/// each tag's set in one transaction, its collage ready before the commit. A book the file gives
/// no identity is the Open Library work its cover was found for.
///
/// Books already in the store keep their cover (no look-up, no download). At most
/// `maximumConcurrentDownloads` covers are in flight, at most `stagingBatch` (or `stagingBytes`)
/// held in memory and at most a look-up's batch waits for a download; the rows and what is settled
/// of each are read from scratch files as they are needed, so a 20,000-row export costs little
/// more memory than a small one (docs/performance.md). A look-up (an API call, 1 s apart)
/// overlaps the downloads of the batch before it.
public struct ExportImporter: Sendable {
    /// Where the tags go.
    public var store: BookStore
    /// Finds cover ids at Open Library.
    public var search: CoverSearch
    /// Downloads them.
    public var covers: CoverDownloader
    /// Downloads in flight at once. Starts as `Limits.command`'s.
    public var maximumConcurrentDownloads = Limits.command.downloads
    /// Covers held in memory before they are written out together.
    public var stagingBatch = 32
    /// Bytes of covers held in memory before they are written out together, whichever of this
    /// and `stagingBatch` comes first: 32 genuine covers are 4 MB or more. Starts as
    /// `Limits.command`'s.
    public var stagingBytes = Limits.command.stagingBytes
    /// The canvas of one band of each tag's collage (`CollageRenderer.bandBytes`). Starts as
    /// `Limits.command`'s.
    public var collageBandBytes = Limits.command.collageBandBytes
    /// A tag's collage at most this large is drawn whole (`CollageRenderer.wholeImageBytes`).
    public var collageWholeImageBytes = MemoryLimits.command.wholeImageBytes

    /// How much of its covers an import holds at once.
    public struct Limits: Sendable, Equatable {
        /// Downloads in flight.
        public var downloads: Int
        /// Bytes of covers held before they are written out.
        public var stagingBytes: Int
        /// Bytes of each band of a tag's collage.
        public var collageBandBytes: Int

        /// A command that imports and exits: 8 downloads, 1 MiB of covers, bands of 1 MiB.
        public static let command = Limits(
            downloads: 8, stagingBytes: 1 << 20, collageBandBytes: CollageRenderer.defaultBandBytes)
        /// A server that imports while it serves: 6 downloads, 256 KiB of covers and collages in
        /// bands of 128 KiB took a 20,000-row upload from 2.2–2.8 to 1.2–2.0 times the file's size
        /// in the server's memory, the import 5 % slower (docs/performance.md).
        public static let server = Limits(downloads: 6, stagingBytes: 256 << 10, collageBandBytes: 128 << 10)
    }

    /// Keeps to `limits`: downloads, staging and the collages' bands and whole size.
    public mutating func keep(to limits: MemoryLimits) {
        maximumConcurrentDownloads = limits.importing.downloads
        stagingBytes = limits.importing.stagingBytes
        collageBandBytes = limits.importing.collageBandBytes
        collageWholeImageBytes = limits.wholeImageBytes
    }

    /// An importer into `store`.
    public init(store: BookStore, search: CoverSearch, covers: CoverDownloader) {
        self.store = store
        self.search = search
        self.covers = covers
    }

    /// Progress, for the command's line.
    public enum Event: Sendable, Equatable {
        /// Open Library was asked about `books` books; `found` have a cover id.
        case resolved(books: Int, found: Int)
        /// A cover was downloaded.
        case downloaded(title: String)
        /// A cover the library keeps beside the book (Calibre's `cover.jpg`) was copied.
        case copied(title: String)
        /// A book without a cover: none found, or the image could not be used (one is drawn).
        case skipped(title: String, reason: String)
        /// Covers were drawn for `books` books that have none anywhere.
        case drawn(books: Int)
        /// `host` could not be reached: `books` books were not looked up and get drawn covers,
        /// which a later import replaces with the real ones.
        case unreachable(host: String, books: Int)
        /// A book whose cover the store already held.
        case reused
    }

    /// What happened to one tag.
    public struct TagOutcome: Sendable {
        /// The tag.
        public var name: TagName
        /// The tag as stored; `nil` when it was not (see `refusal`).
        public var tag: Tag?
        /// Books it now holds.
        public var books: Int
        /// Books with no cover anywhere, whose cover was drawn (counted once each; each is in
        /// the tag).
        public var withoutCover: Int
        /// Whether an earlier import's set was replaced.
        public var replaced: Bool
        /// Its collage, when one was drawn.
        public var collage: CollageResult?
        /// Why the tag was not stored: it belongs to a search or a shelf, or no book had a cover.
        public var refusal: String?
    }

    /// The renderer of the tags' collages, in bands of `collageBandBytes`.
    private var collageRenderer: CollageRenderer {
        var renderer = CollageRenderer()
        renderer.bandBytes = collageBandBytes
        renderer.wholeImageBytes = collageWholeImageBytes
        return renderer
    }

    /// Imports `plans` (of one export: one `ImportLibrary.plan` or `ExportSelection.plans`),
    /// each with at most `count` books (`Int.max`: all), in order.
    public func importTags(
        _ plans: [ExportSelection.Plan], count: Int = .max, collage: CollageOptions?,
        progress: @escaping @Sendable (Event) -> Void = { _ in }
    ) async throws -> [TagOutcome] {
        guard let export = plans.first?.rows.export else { return [] }
        precondition(plans.allSatisfy { $0.rows.export === export }, "the plans of one export")
        let staging = try store.beginStaging()
        defer { staging.finish() }
        let settled = try SettledCovers(books: export.count, spillingIn: store.home.dataFolder)
        var outcomes: [TagOutcome] = []
        for plan in plans {
            let existing = try store.tag(plan.name)
            // Only an export of the same service is replaced; a search's, a shelf's or another
            // service's tag is left alone (`ImportLibrary` refuses such an import whole; this
            // keeps the rule for a tag made since by another process).
            if let existing, existing.origin?.libraryFormat != plan.origin.libraryFormat {
                outcomes.append(
                    TagOutcome(
                        name: plan.name, books: 0, withoutCover: 0, replaced: false,
                        refusal:
                            "\"\(existing.name)\" already holds books from \(existing.sourceDescription); left as it is (another tag name keeps both)"
                    ))
                continue
            }
            let wanted = max(1, count)
            let rows = plan.rows
            try await settle(rows, wanted: wanted, settled: settled, staging: staging, progress: progress)
            // A reader's book with no cover anywhere gets one drawn: the tag keeps every book.
            let drawn = try drawMissingCovers(
                rows, wanted: wanted, format: plan.origin.libraryFormat ?? .goodreads, settled: settled,
                staging: staging)
            if drawn > 0 { progress(.drawn(books: drawn)) }
            // The tag's books are the rows with a cover, found or drawn (two rows the search
            // matched to one work are one book), named by their index and made into stored books
            // only as they are written: never all at once.
            var chosen: [Int32] = []
            var withoutCover = 0
            var identities = Set<BookID>()
            for index in 0..<rows.count {
                let book = rows.book(index)
                guard chosen.count < wanted, settled.hasCover(book),
                    case .file(let file, let identity, _, _)? = try settled.state(book)
                else { continue }
                if identities.insert(identity).inserted {
                    chosen.append(Int32(index))
                    if file.drawn { withoutCover += 1 }
                }
            }
            identities = []
            guard !chosen.isEmpty else {
                outcomes.append(
                    TagOutcome(
                        name: plan.name, books: 0, withoutCover: withoutCover, replaced: false,
                        refusal: rows.isEmpty
                            ? "no book matches" : "none of its \(rows.count) books has a cover at Open Library"))
                continue
            }
            func book(_ chosen: Int32) throws -> (work: SearchWork, file: CoverFile) {
                guard
                    case .file(let file, let identity, let url, let named)? = try settled.state(rows.book(Int(chosen)))
                else {
                    preconditionFailure("a chosen book has a cover")
                }
                let row = try Self.row(Int(chosen), of: rows, named: named)
                return (row.work(identity: identity, imageURL: url, pagesFromOpenLibrary: named?.pages), file)
            }
            let prepared = try collage.map { options in
                try CollageMaker(store: store, renderer: collageRenderer).prepare(
                    title: plan.name.display, key: plan.name.key,
                    source: plan.origin.libraryFormat?.booksSource ?? .goodreads,
                    entries: chosen.prefix(CollageMaker.maximumCovers).map { chosen in
                        let book = try book(chosen)
                        return CollageEntry(
                            bookID: book.work.id, title: book.work.title, author: book.work.authorName,
                            year: book.work.originalPublicationYear, rating: book.work.averageRating,
                            coverPath: book.file.path)
                    },
                    options: options)
            }
            let tag: Tag
            do {
                try Task.checkCancellation()
                tag = try staging.commit(
                    plan.name, count: chosen.count, book: { try book(chosen[$0]) }, origin: plan.origin,
                    creating: existing == nil,
                    search: SearchPosition(totalResults: rows.count, pageSize: nil, startPage: 1),
                    yearContext: plan.yearContext)
            } catch {
                prepared?.discard()
                throw error
            }
            let file = try prepared?.commit()
            outcomes.append(
                TagOutcome(
                    name: plan.name, tag: tag, books: chosen.count, withoutCover: withoutCover,
                    replaced: existing != nil, collage: file))
        }
        return outcomes
    }
}
