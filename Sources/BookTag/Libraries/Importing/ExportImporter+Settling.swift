import Foundation

extension ExportImporter {
    /// A book whose cover was found, waiting for its download.
    struct Waiting: Sendable {
        var book: Int32
        /// The row as the search left it: a reading log's title and author filled in.
        var row: ImportedBook
        var identity: BookID
        var url: String
        /// Open Library's page count, for a row without one.
        var pages: Int?
    }

    /// What one of the settling tasks answers: a look-up's matches, or a download.
    enum Job: Sendable {
        case resolved([(book: Int32, row: ImportedBook)], [String: CoverSearch.Match])
        /// Open Library could not be reached for these books (a NAS with no internet).
        case unreachable([(book: Int32, row: ImportedBook)], host: String)
        case downloaded(Waiting, Result<Data, CoverDownloader.Failure>)
    }

    /// Settles the covers of `rows`, in order, until `wanted` of them have one or all are settled.
    func settle(
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
                } else if let identity = row.identity,
                    identity.source == .calibre || row.coverFile != nil || row.coverData != nil
                {
                    // Covers the library keeps beside its books (Calibre) are taken as they are;
                    // a book of such a library without one has none: nothing is looked up.
                    if row.coverFile != nil || row.coverData != nil {
                        local.append(Int32(index))
                    } else {
                        noCover.append(Int32(index))
                    }
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
            guard let identity = row.identity, row.coverFile != nil || row.coverData != nil else { continue }
            if let data = row.coverData ?? row.coverFile.flatMap({ try? FileBytes.read($0) }), ImageInfo(data) != nil {
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
        if settled.unreachableHost != nil {
            // Said once, for the first tag: each book still gets its drawn cover.
            for index in unknown {
                let row = try rows.row(Int(index))
                try settled.settle(rows.book(Int(index)), .missing(identity: row.identity, named: nil))
            }
            return
        }
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
                group.addTask {
                    do {
                        return .resolved(read, try await search.matches(for: books))
                    } catch let error as FetchError {
                        // With no internet the reader's books are still theirs: each gets a
                        // drawn cover, and a later import that reaches Open Library finds the
                        // real one (drawn covers are never reused as found).
                        switch error {
                        case .cannotReach(let host), .timedOut(let host): return .unreachable(read, host: host)
                        default: throw error
                        }
                    }
                }
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
                            // A work Open Library knows without a cover is still that work.
                            let identity = row.identity ?? match?.work
                            let named = identity.map { _ in
                                SettledCovers.Named(
                                    title: row.title, author: row.author,
                                    pages: row.pageCount == nil ? match?.pages : nil)
                            }
                            try settled.settle(book, .missing(identity: identity, named: named))
                            progress(.skipped(title: row.title, reason: "no cover found at Open Library"))
                        }
                    }
                case .unreachable(let read, let host):
                    lookingUp = false
                    var missed = read
                    while let batch = batches.next() {
                        missed += try batch.map { (book: rows.book(Int($0)), row: try rows.row(Int($0))) }
                    }
                    for (book, row) in missed {
                        try settled.settle(book, .missing(identity: row.identity, named: nil))
                    }
                    settled.unreachableHost = host
                    progress(.unreachable(host: host, books: missed.count))
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
                        // Still the work the search found; its cover will be drawn.
                        let named = SettledCovers.Named(
                            title: entry.row.title, author: entry.row.author, pages: entry.pages)
                        try settled.settle(entry.book, .missing(identity: entry.identity, named: named))
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
