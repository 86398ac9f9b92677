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
    /// Downloads in flight at once.
    public var maximumConcurrentDownloads = 8
    /// Covers held in memory before they are written out together.
    public var stagingBatch = 32
    /// Bytes of covers held in memory before they are written out together, whichever of this
    /// and `stagingBatch` comes first: 32 genuine covers are 4 MB or more.
    public var stagingBytes = 1 << 20

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

    /// A book whose cover was found, waiting for its download.
    private struct Waiting: Sendable {
        var book: Int32
        /// The row as the search left it: a reading log's title and author filled in.
        var row: ImportedBook
        var identity: BookID
        var url: String
        /// Open Library's page count, for a row without one.
        var pages: Int?
    }

    private enum Job: Sendable {
        case resolved([(book: Int32, row: ImportedBook)], [String: CoverSearch.Match])
        case downloaded(Waiting, Result<Data, CoverDownloader.Failure>)
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
            // The tag's books are the rows with a cover (two rows the search matched to one work
            // are one book), named by their index and made into stored books only as they are
            // written: never all at once.
            var chosen: [Int32] = []
            var withoutCover = 0
            var identities = Set<BookID>()
            for index in 0..<rows.count {
                let book = rows.book(index)
                if settled.isMissing(book) { withoutCover += 1 }
                guard chosen.count < wanted, settled.hasCover(book),
                    case .file(_, let identity, _, _)? = try settled.state(book)
                else { continue }
                if identities.insert(identity).inserted { chosen.append(Int32(index)) }
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
                var row = try rows.row(Int(chosen))
                guard
                    case .file(let file, let identity, let url, let named)? = try settled.state(rows.book(Int(chosen)))
                else {
                    preconditionFailure("a chosen book has a cover")
                }
                if let named {
                    row.title = named.title
                    row.author = named.author
                }
                return (row.work(identity: identity, imageURL: url, pagesFromOpenLibrary: named?.pages), file)
            }
            let prepared = try collage.map { options in
                try CollageMaker(store: store).prepare(
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
                    search: SearchPosition(totalResults: rows.count, pageSize: nil, startPage: 1))
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

    /// Settles the covers of `rows`, in order, until `wanted` of them have one or all are settled.
    private func settle(
        _ rows: ImportedRows, wanted: Int, settled: SettledCovers, staging: CoverStaging,
        progress: @escaping @Sendable (Event) -> Void
    ) async throws {
        var covered = 0
        // Rows are named by their index in `rows`, and read a batch at a time.
        var unknown: [Int32] = []
        var local: [Int32] = []
        var noCover: [Int32] = []
        var counted = [Bool](repeating: false, count: rows.export.count)
        for start in stride(from: 0, to: rows.count, by: 512) {
            let batch = start..<min(start + 512, rows.count)
            var fresh: [(index: Int, book: Int32, row: ImportedBook)] = []
            for index in batch {
                let book = rows.book(index)
                guard !counted[Int(book)] else { continue }
                counted[Int(book)] = true
                if settled.isSettled(book) {
                    if settled.hasCover(book) { covered += 1 }
                } else {
                    fresh.append((index, book, try rows.row(index)))
                }
            }
            // Books whose file names them and whose cover the store holds need no look-up.
            var stored: [BookID: CoverFile] = [:]
            let named = fresh.compactMap(\.row.identity)
            for source in Set(named.map(\.source)) {
                for (value, file) in try staging.storedCovers(
                    of: named.filter { $0.source == source }.map(\.value), source: source)
                {
                    stored[BookID(source: source, value: value)] = file
                }
            }
            for (index, book, row) in fresh {
                if let identity = row.identity, let file = stored[identity] {
                    // A book its file does not name keeps the title the store has for it.
                    let kept =
                        row.needsDetails
                        ? try store.tagBook(id: identity).map {
                            SettledCovers.Named(title: $0.book.title, author: $0.book.authorName, pages: nil)
                        } : nil
                    try settled.settle(book, .file(file, identity: identity, url: nil, named: kept))
                    covered += 1
                    progress(.reused)
                } else if let identity = row.identity, identity.source == .calibre || row.coverFile != nil {
                    // Covers the library keeps beside its books (Calibre) are taken as they are;
                    // a book of such a library without one has none: nothing is looked up.
                    if row.coverFile != nil { local.append(Int32(index)) } else { noCover.append(Int32(index)) }
                } else {
                    unknown.append(Int32(index))
                }
            }
        }
        guard covered < wanted, !(unknown.isEmpty && local.isEmpty && noCover.isEmpty) else { return }
        for index in noCover {
            try settled.settle(rows.book(Int(index)), .missing)
            progress(.skipped(title: try rows.row(Int(index)).title, reason: "no cover in the library"))
        }
        var pending = PendingCovers(count: stagingBatch, bytes: stagingBytes)
        // A library's own cover counts once it is written; a download, once it has arrived.
        func writeLibraryCovers() throws {
            try pending.write(to: staging, settling: settled) { cover in
                covered += 1
                progress(.copied(title: cover.title))
            }
        }
        for index in local where covered + pending.waiting < wanted {
            let row = try rows.row(Int(index))
            guard let identity = row.identity, let file = row.coverFile else { continue }
            if let data = try? FileBytes.read(file), ImageInfo(data) != nil {
                let cover = PendingCovers.Cover(data: data, title: row.title, book: rows.book(Int(index))) {
                    .file($0, identity: identity, url: nil)
                }
                if pending.add(cover) { try writeLibraryCovers() }
            } else {
                try settled.settle(rows.book(Int(index)), .missing)
                progress(.skipped(title: row.title, reason: "its cover file is missing or not an image"))
            }
        }
        try writeLibraryCovers()
        guard covered < wanted, !unknown.isEmpty else { return }
        var batches = unknown.chunked(search.batchSize).makeIterator()
        var waiting: [Waiting] = []
        var downloading = 0
        var lookingUp = false

        try await withThrowingTaskGroup(of: Job.self) { group in
            func lookUpNext() throws {
                guard let batch = batches.next() else { return }
                let read = try batch.map { (book: rows.book(Int($0)), row: try rows.row(Int($0))) }
                let books = read.map(\.row).map {
                    CoverSearch.Book(
                        key: $0.key, isbn13: $0.isbn13, isbn10: $0.isbn10, title: $0.title, author: $0.author,
                        work: $0.needsDetails ? $0.identity : nil)
                }
                lookingUp = true
                group.addTask { .resolved(read, try await search.matches(for: books)) }
            }
            try lookUpNext()
            while let job = try await group.next() {
                switch job {
                case .resolved(let read, let found):
                    lookingUp = false
                    progress(.resolved(books: read.count, found: found.count))
                    for (book, var row) in read {
                        let match = found[row.key]
                        if row.needsDetails, let match, let title = match.title {
                            row.title = title
                            row.author = match.author
                            row.needsDetails = false
                        }
                        if let match, let identity = row.identity ?? match.work,
                            let url = OpenLibraryDecoder.coverURL(id: match.coverID, base: search.client.coversURL)
                        {
                            waiting.append(
                                Waiting(
                                    book: book, row: row, identity: identity, url: url,
                                    pages: row.pageCount == nil ? match.pages : nil))
                        } else {
                            try settled.settle(book, .missing)
                            progress(.skipped(title: row.title, reason: "no cover found at Open Library"))
                        }
                    }
                case .downloaded(let entry, let result):
                    downloading -= 1
                    switch result {
                    case .success(let data):
                        covered += 1
                        progress(.downloaded(title: entry.row.title))
                        let named = SettledCovers.Named(
                            title: entry.row.title, author: entry.row.author, pages: entry.pages)
                        let cover = PendingCovers.Cover(data: data, title: entry.row.title, book: entry.book) {
                            .file($0, identity: entry.identity, url: entry.url, named: named)
                        }
                        if pending.add(cover) { try pending.write(to: staging, settling: settled) }
                    case .failure(let failure):
                        try settled.settle(entry.book, .missing)
                        progress(.skipped(title: entry.row.title, reason: failure.reason))
                    }
                }
                while downloading < maximumConcurrentDownloads, covered + downloading < wanted, !waiting.isEmpty {
                    let entry = waiting.removeFirst()
                    downloading += 1
                    group.addTask { .downloaded(entry, try await covers.cover(imageURL: entry.url)) }
                }
                if covered >= wanted {
                    group.cancelAll()
                    break
                }
                // At most one look-up's books wait for their downloads.
                if !lookingUp, covered + downloading + waiting.count < wanted, waiting.count < search.batchSize {
                    try lookUpNext()
                }
            }
        }
        try pending.write(to: staging, settling: settled)
    }
}
