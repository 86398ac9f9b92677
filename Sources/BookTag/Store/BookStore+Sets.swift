import Foundation
import GRDB

/// Changing sets: a tag created, its books replaced or removed, in one transaction each, cover
/// files written before and swept after.
extension BookStore {
    /// Creates `name` with its first set of books from `source` (and, for a tag made from a
    /// reader's shelf or export, its origin, and for a year's, what the shelf said of the year
    /// before); fails if the tag exists.
    @discardableResult
    public func createTag(
        _ name: TagName, source: SourceKind, origin: TagOrigin? = nil, books: [GatheredBook], search: SearchPosition,
        yearContext: YearContext? = nil
    ) throws -> Tag {
        try storeSet(
            name, books: books, search: search, change: .create(source: source, origin: origin),
            yearContext: yearContext.map { .some($0) })
    }

    /// Replaces a tag's set in one transaction: readers see the old set or the new, and on any
    /// failure the old set and its cover files stay exactly as they were.
    @discardableResult
    public func replaceBooks(of name: TagName, with books: [GatheredBook], search: SearchPosition) throws -> Tag {
        try storeSet(name, books: books, search: search, change: .replace())
    }

    /// Deletes a tag and its books; cover files no other book uses are then removed.
    public func removeTag(_ name: TagName) throws {
        try write { db in
            guard let tag = try Self.tag(name, in: db) else {
                throw StoreError.tagNotFound(name.display)
            }
            let paths = try String.fetchAll(
                db, sql: "SELECT DISTINCT coverPath FROM tagBook WHERE tagId = ?", arguments: [tag.id])
            try Self.recordChecks(paths, in: db)
            _ = try tag.delete(db)
            try Self.forgetListedBooksNoTagHolds(in: db)
        }
        _ = try? sweepCovers()
    }

    /// Whose set a change stores: a new tag's, or an existing one's.
    enum SetChange {
        /// A new tag from `source` (and, made from a reader's shelf or export, its `origin`);
        /// fails if the tag exists.
        case create(source: SourceKind, origin: TagOrigin?)
        /// An existing tag's set; `origin`, when given, becomes its origin (an import made again
        /// with other filters under the same name). Fails if the tag does not exist.
        case replace(origin: TagOrigin? = nil)
    }

    /// Stores a set, its cover files written first, as `change` says.
    private func storeSet(
        _ name: TagName, books: [GatheredBook], search: SearchPosition, change: SetChange,
        yearContext: YearContext?? = nil
    ) throws -> Tag {
        guard !books.isEmpty else { throw StoreError.emptySet }
        let planned = try books.map { book in
            StagedBook(
                work: book.work,
                file: try CoverFileStore.describe(book.cover, title: book.work.title, drawn: book.drawn))
        }
        let tag: Tag
        do {
            let coversLock = try FileLock(path: home.coversLockFile.path, mode: .shared)
            defer { coversLock.unlock() }
            try write { db in try Self.recordChecks(planned.map(\.file.path), in: db) }
            try faultInjection(.afterRecordingIntent)
            try writeCoverFiles(zip(planned, books).map { ($0.file, $1.cover) })
            try faultInjection(.afterWritingCovers)
            tag = try commitSet(name, books: planned, search: search, change: change, yearContext: yearContext)
        }
        _ = try? sweepCovers()
        return tag
    }

    /// The transaction that makes `books` (their cover files written and in the intent log) the
    /// tag's set, as `change` says. Call holding the covers lock shared.
    func commitSet(
        _ name: TagName, books planned: [StagedBook], search: SearchPosition, change: SetChange,
        yearContext: YearContext?? = nil
    ) throws -> Tag {
        var seen = Set<BookID>()
        for book in planned where !seen.insert(book.work.id).inserted {
            throw StoreError.duplicateBook(book.work.id)
        }
        return try commitSet(
            name, count: planned.count, book: { planned[$0] }, search: search, change: change, yearContext: yearContext)
    }

    /// `commitSet` for `count` books made one at a time as they are written (an import's
    /// thousands): only the book being written is held. A book twice is refused, as above, by the
    /// schema's unique key, and the transaction rolls back. `yearContext`: what a year's tag
    /// keeps from its export beyond its books, stored with the set when given (`.some(nil)` clears
    /// it); a set changed otherwise (a drop, a reroll) keeps the tag's.
    func commitSet(
        _ name: TagName, count: Int, book: (Int) throws -> StagedBook, search: SearchPosition, change: SetChange,
        yearContext: YearContext?? = nil
    ) throws -> Tag {
        guard count > 0 else { throw StoreError.emptySet }
        return try write { db in
            var tag: Tag
            switch (change, try Self.tag(name, in: db)) {
            case (.create, let existing?):
                throw StoreError.tagExists(existing.name)
            case (.create(let source, let origin), nil):
                tag = Tag(
                    id: nil, key: name.key, name: name.display, source: source, origin: origin,
                    createdAt: search.fetchedAt.roundedToStorePrecision, lastFetchedAt: nil,
                    totalResults: 0, pageSize: nil, startPage: 1, bookCount: 0)
                try tag.insert(db)
            case (.replace(let origin), let existing?):
                tag = existing
                if let origin { tag.origin = origin }
            case (.replace, nil):
                throw StoreError.tagNotFound(name.display)
            }
            guard let tagID = tag.id else { throw StoreError.database("a tag was stored without an id") }
            // Every old cover is checked by the next sweep, which keeps those the new set uses.
            try db.execute(
                sql: "INSERT OR IGNORE INTO coverCheck (path) SELECT coverPath FROM tagBook WHERE tagId = ?",
                arguments: [tagID])
            try TagBook.filter(TagBook.Columns.tagId == tagID).deleteAll(db)
            try faultInjection(.afterRemovingOldSet)
            for position in 0..<count {
                let entry = try book(position)
                try entry.file.insert(db, onConflict: .ignore)
                let work = entry.work
                var book = TagBook(
                    id: nil, tagId: tagID, position: position, bookID: work.id, workID: work.workID,
                    title: work.title, authorID: work.authorID, authorName: work.authorName, imageURL: work.imageURL,
                    averageRating: work.averageRating, ratingsCount: work.ratingsCount,
                    originalPublicationYear: work.originalPublicationYear, coverPath: entry.file.path)
                do {
                    try book.insert(db)
                } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                    // The schema holds a book once per tag (`tagId`, `source`, `sourceID`).
                    throw StoreError.duplicateBook(work.id)
                }
                if let details = work.details {
                    try Self.keepListing(details, coverPath: entry.file.path, fetchedAt: search.fetchedAt, in: db)
                }
                if position == 0 { try faultInjection(.afterInsertingFirstBook) }
            }
            tag.lastFetchedAt = search.fetchedAt
            tag.totalResults = search.totalResults
            tag.pageSize = search.pageSize
            tag.startPage = search.startPage
            tag.bookCount = count
            try tag.update(db)
            if let yearContext {
                try db.execute(
                    sql: "UPDATE tag SET yearContext = ? WHERE id = ?",
                    arguments: [
                        yearContext.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) }, tagID,
                    ])
            }
            try Self.forgetListedBooksNoTagHolds(in: db)
            return tag
        }
    }

    /// Keeps what a reader's shelf or export says about a book as its details. Details fetched
    /// before (by `show`) win where they say something; the reader's stars and date are the
    /// listing's; a cover the book already has stays.
    static func keepListing(_ listing: BookDetails, coverPath: String, fetchedAt: Date, in db: Database) throws {
        guard var stored = try StoredBook.fetchOne(db, id: listing.id) else {
            try StoredBook(details: listing, coverPath: coverPath, fetchedAt: fetchedAt, fetchedForItself: false)
                .insert(db)
            try keepIntervals(of: listing, in: db)
            return
        }
        var details = stored.details
        details.isbn = details.isbn ?? listing.isbn
        details.isbn13 = details.isbn13 ?? listing.isbn13
        details.imageURL = details.imageURL ?? listing.imageURL
        details.publicationYear = details.publicationYear ?? listing.publicationYear
        details.originalPublicationYear = details.originalPublicationYear ?? listing.originalPublicationYear
        details.publisher = details.publisher ?? listing.publisher
        details.descriptionHTML = details.descriptionHTML ?? listing.descriptionHTML
        details.averageRating = details.averageRating ?? listing.averageRating
        if details.pageCount == nil, let pages = listing.pageCount {
            details.pageCount = pages
            details.pageCountSource = listing.pageCountSource
        }
        details.format = details.format ?? listing.format
        if details.authors.isEmpty { details.authors = listing.authors }
        details.reading = listing.reading.flatMap { $0.isEmpty ? nil : $0 }
        stored = StoredBook(
            details: details, coverPath: stored.coverPath ?? coverPath, fetchedAt: stored.fetchedAt,
            fetchedForItself: stored.fetchedForItself)
        try stored.update(db)
        try keepIntervals(of: listing, in: db)
    }

    /// A listing that brings the time a device recorded (an import of KOReader's statistics)
    /// replaces what the book had; one that brings none (a Goodreads export of the same book)
    /// leaves it.
    static func keepIntervals(of listing: BookDetails, in db: Database) throws {
        guard let intervals = listing.reading?.intervals, !intervals.isEmpty else { return }
        for table in ["readingInterval", "readingDay", "readingSessions"] {
            try db.execute(
                sql: "DELETE FROM \(table) WHERE source = ? AND sourceID = ?",
                arguments: [listing.id.source.rawValue, listing.id.value])
        }
        try keepSums(ReadingSums(Array(intervals)), source: listing.id.source.rawValue, id: listing.id.value, in: db)
        let insert = try db.cachedStatement(
            sql: "INSERT INTO readingInterval (source, sourceID, start, seconds, day, hour) VALUES (?, ?, ?, ?, ?, ?)")
        for interval in intervals {
            try insert.execute(arguments: [
                listing.id.source.rawValue, listing.id.value, interval.start, interval.seconds, interval.day,
                interval.hour,
            ])
        }
    }

    /// Deletes the details a listing brought for books no tag holds any more (an import made
    /// again with other filters, a removed shelf tag), and records their covers for the sweep.
    /// Details `show` fetched stay: the reader asked for that book.
    static func forgetListedBooksNoTagHolds(in db: Database) throws {
        let unheld = """
            fetchedForItself = 0
            AND NOT EXISTS (SELECT 1 FROM tagBook WHERE tagBook.source = book.source AND tagBook.sourceID = book.sourceID)
            """
        try recordChecks(
            String.fetchAll(db, sql: "SELECT DISTINCT coverPath FROM book WHERE coverPath IS NOT NULL AND \(unheld)"),
            in: db)
        try db.execute(sql: "DELETE FROM book WHERE \(unheld)")
    }

    func writeCoverFiles(_ files: [(CoverFile, Data)]) throws {
        do {
            try covers.writeAll(files)
        } catch {
            throw StoreError.files(error.localizedDescription)
        }
    }

    static func recordChecks(_ paths: some Sequence<String>, in db: Database) throws {
        for path in paths {
            try CoverCheck(path: path).insert(db, onConflict: .ignore)
        }
    }

    /// Records how the tag's collage in the collages folder was drawn (after it is in place).
    public func setCollageStyle(_ style: CollageStyle, forKey key: String) throws {
        let text = String(decoding: try CollageStyle.encoder.encode(style), as: UTF8.self)
        try write { db in
            try db.execute(sql: "UPDATE tag SET collageStyle = ? WHERE key = ?", arguments: [text, key])
        }
    }
}
