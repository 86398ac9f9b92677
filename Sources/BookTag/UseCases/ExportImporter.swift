import Foundation

/// Makes tags from a reader's library export, whichever service wrote it (the one importer every
/// format's reader feeds): finds each book's cover at Open Library (cover ids in batches through
/// `search.json`, then the images by id), stages the covers as files as they arrive, and stores
/// each tag's set in one transaction, its collage ready before the commit. A book the file gives
/// no identity is the Open Library work its cover was found for.
///
/// Books already in the store keep their cover (no look-up, no download). At most
/// `maximumConcurrentDownloads` covers are in flight and at most `stagingBatch` held in memory,
/// so covers cost a 20,000-row export no more memory than a small one (its rows, and what is
/// settled of each, are held until the last tag is stored: docs/performance.md). A look-up (an
/// API call, 1 s apart) overlaps the downloads of the batch before it.
public struct ExportImporter: Sendable {
    /// Where the tags go.
    public var store: BookStore
    /// Finds cover ids at Open Library.
    public var search: CoverSearch
    /// Downloads them.
    public var covers: CoverDownloader
    /// Downloads in flight at once.
    public var maximumConcurrentDownloads = 8
    /// Covers held in memory before they are written out together.
    public var stagingBatch = 32

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
        /// A book without a cover: none found, or the image could not be used.
        case skipped(title: String, reason: String)
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
        /// Matching rows left out for want of a cover.
        public var withoutCover: Int
        /// Whether an earlier import's set was replaced.
        public var replaced: Bool
        /// Its collage, when one was drawn.
        public var collage: CollageResult?
        /// Why the tag was not stored: it belongs to a search or a shelf, or no book had a cover.
        public var refusal: String?
    }

    /// What is settled of a book, by its key: its identity and cover file, or no cover.
    private enum CoverState: Sendable {
        /// `named`: what the search said of the book (the title and author a reading log does
        /// not give, the work's page count).
        case file(CoverFile, identity: BookID, url: String?, named: Named? = nil)
        case missing
    }

    private struct Named: Sendable {
        var title: String
        var author: String?
        /// Open Library's median page count of the work the search matched.
        var pages: Int?
    }

    private enum Job: Sendable {
        case resolved([CoverSearch.Book], [String: CoverSearch.Match])
        case downloaded(ImportedBook, BookID, String, Result<Data, CoverDownloader.Failure>)
    }

    /// Imports `plans`, each with at most `count` books (`Int.max`: all), in order.
    public func importTags(
        _ plans: [ExportSelection.Plan], count: Int = .max, collage: CollageOptions?,
        progress: @escaping @Sendable (Event) -> Void = { _ in }
    ) async throws -> [TagOutcome] {
        let staging = try store.beginStaging()
        defer { staging.finish() }
        var known: [String: CoverState] = [:]
        var outcomes: [TagOutcome] = []
        for plan in plans {
            let existing = try store.tag(plan.name)
            // Only an export of the same service is replaced; a search's, a shelf's or another
            // service's tag is left alone (`ImportOperations` refuses such an import whole; this
            // keeps the rule for a tag made since by another process).
            if let existing, existing.origin?.libraryFormat != plan.origin.libraryFormat {
                outcomes.append(TagOutcome(
                    name: plan.name, books: 0, withoutCover: 0, replaced: false,
                    refusal: "\"\(existing.name)\" already holds books from \(existing.sourceDescription); left as it is (name the tag with --tag)"))
                continue
            }
            let wanted = max(1, count)
            try await settle(plan.rows, wanted: wanted, known: &known, staging: staging, progress: progress)
            // The tag's books are the positions of its rows with a cover (two rows the search
            // matched to one work are one book), made into stored books only as they are
            // written: never all at once.
            var chosen: [Int] = []
            var identities = Set<BookID>()
            for (position, row) in plan.rows.enumerated() where chosen.count < wanted {
                if case let .file(_, identity, _, _)? = known[row.key], identities.insert(identity).inserted { chosen.append(position) }
            }
            identities = []
            let withoutCover = plan.rows.count { if case .missing? = known[$0.key] { true } else { false } }
            guard !chosen.isEmpty else {
                outcomes.append(TagOutcome(
                    name: plan.name, books: 0, withoutCover: withoutCover, replaced: false,
                    refusal: plan.rows.isEmpty ? "no book matches" : "none of its \(plan.rows.count) books has a cover at Open Library"))
                continue
            }
            let settled = known
            let books = chosen.lazy.map { position -> (work: SearchWork, file: CoverFile) in
                var book = plan.rows[position]
                guard case let .file(file, identity, url, named)? = settled[book.key] else { preconditionFailure("a chosen book has a cover") }
                if let named {
                    book.title = named.title
                    book.author = named.author
                }
                return (book.work(identity: identity, imageURL: url, pagesFromOpenLibrary: named?.pages), file)
            }
            let prepared = try collage.map { options in
                try CollageMaker(store: store).prepare(
                    title: plan.name.display, key: plan.name.key, source: plan.origin.libraryFormat?.booksSource ?? .goodreads,
                    entries: books.prefix(CollageMaker.maximumCovers).map { book in
                        CollageEntry(
                            bookID: book.work.id, title: book.work.title, author: book.work.authorName,
                            year: book.work.originalPublicationYear, rating: book.work.averageRating, coverPath: book.file.path)
                    },
                    options: options)
            }
            let tag: Tag
            do {
                try Task.checkCancellation()
                tag = try staging.commit(
                    plan.name, books: books, origin: plan.origin, creating: existing == nil,
                    search: SearchPosition(totalResults: plan.rows.count, pageSize: nil, startPage: 1))
            } catch {
                prepared?.discard()
                throw error
            }
            let file = try prepared?.commit()
            outcomes.append(TagOutcome(
                name: plan.name, tag: tag, books: chosen.count, withoutCover: withoutCover, replaced: existing != nil, collage: file))
        }
        return outcomes
    }

    /// Settles the covers of `rows`, in order, until `wanted` of them have one or all are settled.
    private func settle(
        _ rows: ImportedRows, wanted: Int, known: inout [String: CoverState], staging: CoverStaging,
        progress: @escaping @Sendable (Event) -> Void
    ) async throws {
        var covered = 0
        // Rows are named by their position in `rows`, never copied whole.
        var unknown: [Int] = []
        var seen = Set<String>()
        // Books whose file names them and whose cover the store holds need no look-up.
        var stored: [BookID: CoverFile] = [:]
        let named = rows.filter { known[$0.key] == nil }.compactMap(\.identity)
        for source in Set(named.map(\.source)) {
            for (value, file) in try staging.storedCovers(of: named.filter { $0.source == source }.map(\.value), source: source) {
                stored[BookID(source: source, value: value)] = file
            }
        }
        for (position, row) in rows.enumerated() where seen.insert(row.key).inserted {
            if known[row.key] == nil, let identity = row.identity, let file = stored[identity] {
                // A book its file does not name keeps the title the store has for it.
                let kept = row.needsDetails ? try store.tagBook(id: identity).map { Named(title: $0.book.title, author: $0.book.authorName, pages: nil) } : nil
                known[row.key] = .file(file, identity: identity, url: nil, named: kept)
                progress(.reused)
            }
            switch known[row.key] {
            case .file?: covered += 1
            case .missing?: break
            case nil: unknown.append(position)
            }
        }
        guard covered < wanted, !unknown.isEmpty else { return }
        // Covers the library keeps beside its books (Calibre) are taken as they are, read and
        // staged `stagingBatch` at a time; a book of such a library without one has none:
        // nothing is looked up or downloaded for them.
        var local: [(row: ImportedBook, identity: BookID, file: URL)] = []
        unknown = unknown.filter { position in
            let row = rows[position]
            guard let identity = row.identity, identity.source == .calibre || row.coverFile != nil else { return true }
            if let file = row.coverFile {
                local.append((row, identity, file))
            } else {
                known[row.key] = .missing
                progress(.skipped(title: row.title, reason: "no cover in the library"))
            }
            return false
        }
        for batch in local.chunked(stagingBatch) where covered < wanted {
            var images: [(data: Data, entry: (row: ImportedBook, identity: BookID, file: URL))] = []
            for entry in batch {
                if let data = try? FileBytes.read(entry.file), ImageInfo(data) != nil {
                    images.append((data, entry))
                } else {
                    known[entry.row.key] = .missing
                    progress(.skipped(title: entry.row.title, reason: "its cover file is missing or not an image"))
                }
            }
            let files = try staging.stage(images.map { ($0.data, $0.entry.row.title) })
            for (image, file) in zip(images, files) {
                known[image.entry.row.key] = .file(file, identity: image.entry.identity, url: nil)
                covered += 1
                progress(.copied(title: image.entry.row.title))
            }
        }
        guard covered < wanted, !unknown.isEmpty else { return }
        let positionByKey = Dictionary(unknown.map { (rows[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        var batches = unknown.chunked(search.batchSize).makeIterator()
        var waiting: [(ImportedBook, BookID, String)] = []
        var downloading = 0
        var lookingUp = false
        var buffer: [(row: ImportedBook, identity: BookID, url: String, data: Data)] = []
        var pages: [String: Int] = [:]

        func flush() throws {
            guard !buffer.isEmpty else { return }
            let files = try staging.stage(buffer.map { ($0.data, $0.row.title) })
            for (entry, file) in zip(buffer, files) {
                // The row as the search left it: a reading log's title and author filled in.
                known[entry.row.key] = .file(
                    file, identity: entry.identity, url: entry.url,
                    named: Named(title: entry.row.title, author: entry.row.author, pages: pages[entry.row.key]))
            }
            buffer.removeAll(keepingCapacity: true)
        }

        try await withThrowingTaskGroup(of: Job.self) { group in
            func lookUpNext() {
                guard let batch = batches.next() else { return }
                let books = batch.map { rows[$0] }.map {
                    CoverSearch.Book(key: $0.key, isbn13: $0.isbn13, isbn10: $0.isbn10, title: $0.title, author: $0.author, work: $0.needsDetails ? $0.identity : nil)
                }
                lookingUp = true
                group.addTask { .resolved(books, try await search.matches(for: books)) }
            }
            lookUpNext()
            while let job = try await group.next() {
                switch job {
                case let .resolved(books, found):
                    lookingUp = false
                    progress(.resolved(books: books.count, found: found.count))
                    for book in books {
                        guard let position = positionByKey[book.key] else { continue }
                        var row = rows[position]
                        if row.needsDetails, let match = found[book.key], let title = match.title {
                            row.title = title
                            row.author = match.author
                            row.needsDetails = false
                        }
                        if row.pageCount == nil, let count = found[book.key]?.pages { pages[book.key] = count }
                        if let match = found[book.key], let identity = row.identity ?? match.work,
                            let url = OpenLibraryDecoder.coverURL(id: match.coverID, base: search.client.coversURL)
                        {
                            waiting.append((row, identity, url))
                        } else {
                            known[book.key] = .missing
                            progress(.skipped(title: row.title, reason: "no cover found at Open Library"))
                        }
                    }
                case let .downloaded(row, identity, url, result):
                    downloading -= 1
                    switch result {
                    case let .success(data):
                        covered += 1
                        buffer.append((row, identity, url, data))
                        progress(.downloaded(title: row.title))
                        if buffer.count >= stagingBatch { try flush() }
                    case let .failure(failure):
                        known[row.key] = .missing
                        progress(.skipped(title: row.title, reason: failure.reason))
                    }
                }
                while downloading < maximumConcurrentDownloads, covered + downloading < wanted, !waiting.isEmpty {
                    let (row, identity, url) = waiting.removeFirst()
                    downloading += 1
                    group.addTask { .downloaded(row, identity, url, try await covers.cover(imageURL: url)) }
                }
                if covered >= wanted {
                    group.cancelAll()
                    break
                }
                if !lookingUp, covered + downloading + waiting.count < wanted { lookUpNext() }
            }
        }
        try flush()
    }
}
