import Foundation
import GRDB
import GRDBSQLite

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
    ///
    /// `memoryMapped` reads the file through a memory map: quicker scans for a command that runs
    /// and exits. A process that stays (`serve`) passes `false`: mapped pages count in its
    /// resident memory, and a map grows with the store (an import of 20,000 books added 30 MB);
    /// it also keeps SQLite's page cache at 512 KiB rather than 2 MB.
    public static func open(home: BookTagHome, memoryMapped: Bool = true) throws -> BookStore {
        try open(home: home, memoryMapped: memoryMapped, faultInjection: { _ in })
    }

    /// The store in `home` when it is there and up to date, else `nil`: opened as `open` opens
    /// it but creating, migrating and writing nothing, so that a command can open it on another
    /// core before it knows for certain that it will read it (`booktag list`, while its arguments
    /// are parsed). `nil` too while another process migrates it; `open` then waits its turn.
    public static func openIfCurrent(home: BookTagHome, memoryMapped: Bool = true) throws -> BookStore? {
        let path = home.databaseFile.path
        let lockPath = home.dataFolder.appendingPathComponent(".migrate.lock").path
        let files: [String] = [path, path + "-wal", path + "-shm", lockPath]
        guard files.allSatisfy({ access($0, F_OK) == 0 }) else { return nil }
        do {
            guard let lock = try FileLock.attempt(path: lockPath, mode: .shared) else { return nil }
            defer { lock.unlock() }
            let queue = try DatabaseQueue(
                path: path, configuration: configuration(home: home, memoryMapped: memoryMapped))
            guard try queue.read({ try StoreSchema.migrator.hasCompletedMigrations($0) }) else { return nil }
            return BookStore(home: home, writer: queue, faultInjection: { _ in })
        } catch let error as DatabaseError {
            throw StoreError.database("\(path): \(error.message ?? error.description)")
        }
    }

    static func open(
        home: BookTagHome, memoryMapped: Bool = true, faultInjection: @escaping @Sendable (SetChangeStep) throws -> Void
    ) throws -> BookStore {
        do {
            try home.createFolders()
            let configuration = configuration(home: home, memoryMapped: memoryMapped)
            // Whoever creates or migrates the store holds the lock exclusively; everyone else opens
            // under it shared, so no process opens a file another is still setting up. A store
            // that is up to date is only read here (most opens: no write, no waiting).
            let lockPath = home.dataFolder.appendingPathComponent(".migrate.lock").path
            let migrator = StoreSchema.migrator
            let openLock = try FileLock(path: lockPath, mode: .shared)
            let current =
                try FileManager.default.fileExists(atPath: home.databaseFile.path)
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
                // A new store is made at the current schema in one transaction; one an earlier
                // booktag made is upgraded by the migrations it lacks.
                let created = try queue.write { try StoreSchema.createCurrentSchema($0, migrator: migrator) }
                if !created { try migrator.migrate(queue) }
            }
            // The log and its index, which stay, are the reader's only too (SQLite made them with
            // the mode the database file had when they were first created).
            for suffix in ["", "-wal", "-shm"] { chmod(home.databaseFile.path + suffix, 0o600) }
            return BookStore(home: home, writer: queue, faultInjection: faultInjection)
        } catch let error as DatabaseError {
            throw StoreError.database("\(home.databaseFile.path): \(error.message ?? error.description)")
        }
    }

    /// How every connection to the store is set up.
    private static func configuration(home: BookTagHome, memoryMapped: Bool) -> Configuration {
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
            // The `-wal` and `-shm` files stay between runs, the log emptied when the last
            // connection closes: a command that only reads then creates and deletes no file
            // (it made two inodes and two unlinks a run). While open, the log is cut back to
            // 4 MiB after each checkpoint that restarts it.
            var persistent: Int32 = 1
            guard
                sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persistent)
                    == SQLITE_OK
            else {
                throw StoreError.database("cannot keep the write-ahead log of \(home.databaseFile.path)")
            }
            try db.execute(sql: "PRAGMA journal_size_limit = 4194304")
            // Read pages through a memory map instead of copying them: scans such as
            // listing every tag get cheaper. 256 MiB of address space, not of memory.
            if memoryMapped {
                try db.execute(sql: "PRAGMA mmap_size = 268435456")
            } else {
                // A process that stays keeps a 512 KiB page cache, not SQLite's 2 MB: the
                // kernel caches the file's pages for it without counting them as its own.
                try db.execute(sql: "PRAGMA cache_size = -512")
            }
        }
        return configuration
    }

    private init(
        home: BookTagHome, writer: any DatabaseWriter,
        faultInjection: @escaping @Sendable (SetChangeStep) throws -> Void
    ) {
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
            try TagBookEntry.fetchAll(
                db,
                sql: """
                    SELECT tagBook.*, book.isbn10, book.isbn13, book.myRating, book.myStars, book.dateRead, book.readDates, book.readStarts, book.readingFormat, book.moods, book.pace,
                           coverFile.drawn AS coverDrawn
                    FROM tag
                    JOIN tagBook ON tagBook.tagId = tag.id
                    LEFT JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                    LEFT JOIN coverFile ON coverFile.path = tagBook.coverPath
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
