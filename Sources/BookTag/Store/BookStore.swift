import Foundation
import GRDB

/// booktag's store: tags → books in one SQLite file, book details, and cover files beside it.
///
/// Every write that must keep an invariant happens in one transaction; cover files are written
/// before the transaction that references them and removed only after the one that stops
/// referencing them, with an intent log (`coverCheck`) and a sweep so that a crash at any
/// moment leaves the database consistent and the folder cleanable. Several booktag processes
/// may share a home: the database is in WAL mode with a busy timeout, and cover writers and the
/// sweep coordinate through a lock file.
public final class BookStore: Sendable {
    /// Where the store's files are.
    public let home: BookTagHome
    let writer: any DatabaseWriter
    let covers: CoverFileStore
    /// Test hook: called at the named moments of a set change; throwing aborts the change there.
    let faultInjection: @Sendable (SetChangeStep) throws -> Void

    enum SetChangeStep: Sendable, Equatable {
        case afterRecordingIntent, afterWritingCovers, afterRemovingOldSet, afterInsertingFirstBook
    }

    /// Opens (creating if needed) the store in `home`, migrating an older schema in place.
    public static func open(home: BookTagHome) throws -> BookStore {
        try open(home: home, faultInjection: { _ in })
    }

    static func open(home: BookTagHome, faultInjection: @escaping @Sendable (SetChangeStep) throws -> Void) throws -> BookStore {
        do {
            try home.createFolders()
            var configuration = Configuration()
            // WAL is set here rather than with `journalMode = .wal`, which also creates and drops
            // a table on every open (to force a WAL file into existence for DatabasePool
            // readers): a store that is only read must stay byte-for-byte as it was.
            configuration.busyMode = .timeout(30)
            configuration.foreignKeysEnabled = true
            configuration.prepareDatabase { db in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw StoreError.database("cannot use write-ahead logging on \(home.databaseFile.path)")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // Read pages through a memory map instead of copying them: scans such as
                // listing every tag get cheaper. 256 MiB of address space, not of memory.
                try db.execute(sql: "PRAGMA mmap_size = 268435456")
            }
            // Whoever creates or migrates the store holds the lock exclusively; everyone else opens
            // under it shared, so no process opens a file another is still setting up. A store
            // that is up to date is only read here (most opens: no write, no waiting).
            let lockPath = home.dataFolder.appendingPathComponent(".migrate.lock").path
            let migrator = StoreSchema.migrator
            let openLock = try FileLock(path: lockPath, mode: .shared)
            let current = try FileManager.default.fileExists(atPath: home.databaseFile.path)
                ? DatabaseQueue(path: home.databaseFile.path, configuration: configuration) : nil
            let isCurrent = try current?.read { try migrator.hasCompletedMigrations($0) } ?? false
            openLock.unlock()
            let queue: DatabaseQueue
            if let current, isCurrent {
                queue = current
            } else {
                let migrationLock = try FileLock(path: lockPath, mode: .exclusive)
                defer { migrationLock.unlock() }
                queue = try DatabaseQueue(path: home.databaseFile.path, configuration: configuration)
                try migrator.migrate(queue)
            }
            chmod(home.databaseFile.path, 0o600)
            return BookStore(home: home, writer: queue, faultInjection: faultInjection)
        } catch let error as DatabaseError {
            throw StoreError.database("\(home.databaseFile.path): \(error.message ?? error.description)")
        }
    }

    private init(home: BookTagHome, writer: any DatabaseWriter, faultInjection: @escaping @Sendable (SetChangeStep) throws -> Void) {
        self.home = home
        self.writer = writer
        self.covers = CoverFileStore(home: home)
        self.faultInjection = faultInjection
    }

    // MARK: - Reading

    /// All tags, by key.
    public func tags() throws -> [Tag] {
        try read { db in try Tag.fetchAll(db, sql: "SELECT \(Tag.selectedColumns) FROM tag ORDER BY key") }
    }

    /// The tag named `name`, if there is one.
    public func tag(_ name: TagName) throws -> Tag? {
        try read { db in try Self.tag(name, in: db) }
    }

    /// The tag named `name`, or ``StoreError/tagNotFound(_:)``: for what acts on a tag that must exist.
    public func existingTag(_ name: TagName) throws -> Tag {
        guard let tag = try tag(name) else { throw StoreError.tagNotFound(name.display) }
        return tag
    }

    /// The tag named `name`, inside a read or write already open.
    static func tag(_ name: TagName, in db: Database) throws -> Tag? {
        try Tag.fetchOne(db, sql: "SELECT \(Tag.selectedColumns) FROM tag WHERE key = ?", arguments: [name.key])
    }

    /// A tag's current set in collage order, with ISBNs where the book's details are known.
    public func books(of name: TagName) throws -> [TagBookEntry] {
        try read { db in
            try TagBookEntry.fetchAll(db, sql: """
                SELECT tagBook.*, book.isbn10, book.isbn13, book.myRating, book.dateRead
                FROM tag
                JOIN tagBook ON tagBook.tagId = tag.id
                LEFT JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                WHERE tag.key = ?
                ORDER BY tagBook.position
                """, arguments: [name.key])
        }
    }

    /// Where a cover path (as stored) is on disk.
    public func coverURL(_ path: String) -> URL {
        covers.url(of: path)
    }

    /// The same as a file system path, built without `URL`: listing 20,000 books builds 20,000.
    public func coverFilePath(_ path: String) -> String {
        covers.filePath(of: path)
    }

    /// Whether SQLite finds the database file sound (`PRAGMA integrity_check`).
    public func integrityCheck() throws -> Bool {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" }
    }

    // MARK: - Changing sets

    /// Creates `name` with its first set of books from `source` (and, for a tag made from a
    /// reader's shelf or export, its origin); fails if the tag exists.
    @discardableResult
    public func createTag(
        _ name: TagName, source: SourceKind, origin: TagOrigin? = nil, books: [GatheredBook], search: SearchPosition
    ) throws -> Tag {
        try storeSet(name, books: books, search: search, creating: TagCreation(source: source, origin: origin))
    }

    /// Replaces a tag's set in one transaction: readers see the old set or the new, and on any
    /// failure the old set and its cover files stay exactly as they were.
    @discardableResult
    public func replaceBooks(of name: TagName, with books: [GatheredBook], search: SearchPosition) throws -> Tag {
        try storeSet(name, books: books, search: search, creating: nil)
    }

    /// Deletes a tag and its books; cover files no other book uses are then removed.
    public func removeTag(_ name: TagName) throws {
        try write { db in
            guard let tag = try Self.tag(name, in: db) else {
                throw StoreError.tagNotFound(name.display)
            }
            let paths = try String.fetchAll(db, sql: "SELECT DISTINCT coverPath FROM tagBook WHERE tagId = ?", arguments: [tag.id])
            try Self.recordChecks(paths, in: db)
            _ = try tag.delete(db)
            try Self.forgetListedBooksNoTagHolds(in: db)
        }
        _ = try? sweepCovers()
    }

    /// What a new tag is made from.
    struct TagCreation {
        var source: SourceKind
        var origin: TagOrigin?
    }

    /// Stores a set: a new tag's when `creating` says what it is made from, else an existing tag's.
    private func storeSet(_ name: TagName, books: [GatheredBook], search: SearchPosition, creating: TagCreation?) throws -> Tag {
        guard !books.isEmpty else { throw StoreError.emptySet }
        let planned = try books.map { book in
            StagedBook(work: book.work, file: try CoverFileStore.describe(book.cover, title: book.work.title))
        }
        let tag: Tag
        do {
            let coversLock = try FileLock(path: home.coversLockFile.path, mode: .shared)
            defer { coversLock.unlock() }
            try write { db in try Self.recordChecks(planned.map(\.file.path), in: db) }
            try faultInjection(.afterRecordingIntent)
            try writeCoverFiles(zip(planned, books).map { ($0.file, $1.cover) })
            try faultInjection(.afterWritingCovers)
            tag = try commitSet(name, books: planned, search: search, creating: creating)
        }
        _ = try? sweepCovers()
        return tag
    }

    /// The transaction that makes `books` (their cover files written and in the intent log) the
    /// tag's set. Call holding the covers lock shared.
    /// `origin`, when given, becomes an existing tag's origin too (an import made again with
    /// other filters under the same name).
    func commitSet(
        _ name: TagName, books planned: [StagedBook], search: SearchPosition, creating: TagCreation?, origin: TagOrigin? = nil
    ) throws -> Tag {
        guard !planned.isEmpty else { throw StoreError.emptySet }
        var seen = Set<BookID>()
        for book in planned where !seen.insert(book.work.id).inserted {
            throw StoreError.duplicateBook(book.work.id)
        }
        let newPaths = Set(planned.map(\.file.path))
        return try write { db in
            var tag: Tag
            if let existing = try Self.tag(name, in: db) {
                guard creating == nil else { throw StoreError.tagExists(existing.name) }
                tag = existing
            } else {
                guard let creating else { throw StoreError.tagNotFound(name.display) }
                tag = Tag(id: nil, key: name.key, name: name.display, source: creating.source, origin: creating.origin,
                          createdAt: search.fetchedAt.roundedToStorePrecision, lastFetchedAt: nil,
                          totalResults: 0, pageSize: nil, startPage: 1, bookCount: 0)
                try tag.insert(db)
            }
            guard let tagID = tag.id else { throw StoreError.database("a tag was stored without an id") }
            let oldPaths = try String.fetchAll(db, sql: "SELECT DISTINCT coverPath FROM tagBook WHERE tagId = ?", arguments: [tagID])
            try TagBook.filter(TagBook.Columns.tagId == tagID).deleteAll(db)
            try faultInjection(.afterRemovingOldSet)
            var insertedFiles = Set<String>()
            for entry in planned where insertedFiles.insert(entry.file.path).inserted {
                try entry.file.insert(db, onConflict: .ignore)
            }
            for (position, entry) in planned.enumerated() {
                let work = entry.work
                var book = TagBook(
                    id: nil, tagId: tagID, position: position, bookID: work.id, workID: work.workID,
                    title: work.title, authorID: work.authorID, authorName: work.authorName, imageURL: work.imageURL,
                    averageRating: work.averageRating, ratingsCount: work.ratingsCount,
                    originalPublicationYear: work.originalPublicationYear, coverPath: entry.file.path)
                try book.insert(db)
                if let details = work.details {
                    try Self.keepListing(details, coverPath: entry.file.path, fetchedAt: search.fetchedAt, in: db)
                }
                if position == 0 { try faultInjection(.afterInsertingFirstBook) }
            }
            if let origin { tag.origin = origin }
            tag.lastFetchedAt = search.fetchedAt
            tag.totalResults = search.totalResults
            tag.pageSize = search.pageSize
            tag.startPage = search.startPage
            tag.bookCount = planned.count
            try tag.update(db)
            try Self.recordChecks(oldPaths.filter { !newPaths.contains($0) }, in: db)
            try Self.forgetListedBooksNoTagHolds(in: db)
            return tag
        }
    }

    /// Keeps what a reader's shelf or export says about a book as its details. Details fetched
    /// before (by `show`) win where they say something; the reader's stars and date are the
    /// listing's; a cover the book already has stays.
    static func keepListing(_ listing: BookDetails, coverPath: String, fetchedAt: Date, in db: Database) throws {
        guard var stored = try StoredBook.fetchOne(db, id: listing.id) else {
            try StoredBook(details: listing, coverPath: coverPath, fetchedAt: fetchedAt, fetchedForItself: false).insert(db)
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
        details.pageCount = details.pageCount ?? listing.pageCount
        details.format = details.format ?? listing.format
        if details.authors.isEmpty { details.authors = listing.authors }
        details.reading = listing.reading.flatMap { $0.isEmpty ? nil : $0 }
        stored = StoredBook(
            details: details, coverPath: stored.coverPath ?? coverPath, fetchedAt: stored.fetchedAt, fetchedForItself: stored.fetchedForItself)
        try stored.update(db)
    }

    /// Deletes the details a listing brought for books no tag holds any more (an import made
    /// again with other filters, a removed shelf tag), and records their covers for the sweep.
    /// Details `show` fetched stay: the reader asked for that book.
    static func forgetListedBooksNoTagHolds(in db: Database) throws {
        let unheld = """
            fetchedForItself = 0
            AND NOT EXISTS (SELECT 1 FROM tagBook WHERE tagBook.source = book.source AND tagBook.sourceID = book.sourceID)
            """
        try recordChecks(String.fetchAll(db, sql: "SELECT DISTINCT coverPath FROM book WHERE coverPath IS NOT NULL AND \(unheld)"), in: db)
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

    // MARK: - Cover sweep

    /// Settles the paths in the intent log: deletes cover files nothing references, and their
    /// rows. Runs only when no other process is writing covers (else the next writer will);
    /// returns how many files it removed.
    @discardableResult
    public func sweepCovers() throws -> Int {
        guard let lock = try FileLock.attempt(path: home.coversLockFile.path, mode: .exclusive) else { return 0 }
        defer { lock.unlock() }
        covers.clearIncoming()
        let orphans = try read { db in try String.fetchAll(db, sql: Self.orphanChecksSQL) }
        for path in orphans {
            covers.remove(path)
        }
        // Holding the lock, no file can reappear and no reference can be added; a path that
        // lost its reference since the read above keeps its row for the next sweep.
        let removed = orphans.filter { access(covers.filePath(of: $0), F_OK) != 0 }
        try write { db in
            try db.execute(sql: "DELETE FROM coverCheck WHERE path IN (SELECT path FROM coverCheck EXCEPT \(Self.orphanChecksSQL))")
            guard !removed.isEmpty else { return }
            let settled = "SELECT value FROM json_each(?) WHERE value IN (\(Self.orphanChecksSQL))"
            let list = String(decoding: try JSONEncoder().encode(removed), as: UTF8.self)
            try db.execute(sql: "DELETE FROM coverFile WHERE path IN (\(settled))", arguments: [list])
            try db.execute(sql: "DELETE FROM coverCheck WHERE path IN (\(settled))", arguments: [list])
        }
        return orphans.count
    }

    private static let orphanChecksSQL = """
        SELECT path FROM coverCheck
        WHERE NOT EXISTS (SELECT 1 FROM tagBook WHERE tagBook.coverPath = coverCheck.path)
          AND NOT EXISTS (SELECT 1 FROM book WHERE book.coverPath = coverCheck.path)
        """

    // MARK: - Database access

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch let error as DatabaseError {
            throw StoreError.database(error.message ?? error.description)
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.write(body)
        } catch let error as DatabaseError {
            throw StoreError.database(error.message ?? error.description)
        }
    }
}

extension BookStore {
    /// Records how the tag's collage in the collages folder was drawn (after it is in place).
    public func setCollageStyle(_ style: CollageStyle, forKey key: String) throws {
        let text = String(decoding: try CollageStyle.encoder.encode(style), as: UTF8.self)
        try write { db in
            try db.execute(sql: "UPDATE tag SET collageStyle = ? WHERE key = ?", arguments: [text, key])
        }
    }
}
