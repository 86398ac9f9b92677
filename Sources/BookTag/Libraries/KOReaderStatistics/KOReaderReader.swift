import Foundation
import GRDB

/// Reads KOReader's statistics database (`statistics.sqlite3`, written by its statistics plugin
/// on Kobo, Kindle, PocketBook and Android readers): every book opened, finished on the day its
/// highest page read reached its page count (after KOReader's own rescaling of pages, since a
/// book's page count changes with its font size), otherwise in progress. The reader's file is
/// never opened where it is: it and its `-wal` are copied into a scratch folder and read there,
/// so a database KOReader still holds open is read whole, as SQLite would, and left unchanged.
public enum KOReaderReader {
    /// The plugin's own guide, bundled with every KOReader: not a book the reader chose.
    static let guideTitle = "KOReader Quickstart Guide"
    /// A book opened for less than this many seconds was looked at, not read.
    static let minimumSeconds = 60
    /// A statistics database past this size is not one (a year of daily reading is a few MiB).
    static let maximumBytes: Int64 = 256 << 20

    /// Whether `file` is a statistics database: SQLite's header, and KOReader's `book` table with
    /// `page_stat_data` (schema 20201010 and later) or the older `page_stat` table.
    public static func isStatistics(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        guard (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8) else { return false }
        return (try? tables(file, scratch: nil)) != nil
    }

    /// Reads every book worth keeping, in KOReader's id order, counting the ones left out.
    /// `scratch` is where the copy is made (booktag passes the home's data folder).
    /// `books`: the reader's folder of book files, where each book's file is found by its partial
    /// MD5 and the cover inside an EPUB becomes the book's (`coverData`), with no network.
    public static func read(
        _ file: URL, scratch: URL?, books folder: URL? = nil, timeZone: TimeZone = .current,
        _ body: (ImportedBook) throws -> Void
    ) throws -> LibraryCSV.Summary {
        var summary = LibraryCSV.Summary()
        let (books, skipped) = try readBooks(file, scratch: scratch, timeZone: timeZone)
        summary.skippedIntervals = skipped
        let files = folder.map { KOReaderBookFiles(folder: $0, wanted: Set(books.compactMap(\.md5))) }
        for book in books {
            summary.rows += 1
            guard var imported = book.imported else {
                summary.leftOut += 1
                continue
            }
            if let md5 = book.md5, let cover = files?.cover(md5: md5) {
                imported.identity = BookID(source: .library, value: "koreader-\(md5)")
                imported.coverData = cover
            }
            try body(imported)
        }
        return summary
    }

    /// Every book of the database with its rows, the ones to leave out included, and how many
    /// rows no device could have written (no seconds, before 2000, in the future) were skipped.
    static func readBooks(_ file: URL, scratch: URL?, timeZone: TimeZone) throws -> ([KOReaderBook], skipped: Int) {
        try withCopy(of: file, in: scratch) { queue in
            try queue.read { db in
                let schema = try Self.schema(db, file: file)
                var rows: [Int64: [KOReaderBook.Row]] = [:]
                var skipped = 0
                let now = Date()
                let cursor = try Row.fetchCursor(db, sql: schema.rowsQuery)
                while let row = try cursor.next() {
                    // Every value is read as optional: a damaged file can give NULL where its
                    // query asked for none (an index that disagrees with its table), and GRDB
                    // stops the process on a NULL read as a number.
                    guard let book: Int64 = row[0] else {
                        skipped += 1
                        continue
                    }
                    let row = KOReaderBook.Row(
                        book: book, page: row[1] ?? 0, start: row[2] ?? 0, seconds: row[3] ?? 0,
                        totalPages: row[4] ?? 0)
                    guard ReadingInterval.isPlausible(start: row.start, seconds: row.seconds, now: now) else {
                        skipped += 1
                        continue
                    }
                    rows[row.book, default: []].append(row)
                }
                let books = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT CAST(id AS INTEGER), CAST(title AS TEXT), CAST(authors AS TEXT), CAST(pages AS INTEGER), CAST(md5 AS TEXT) FROM book ORDER BY id"
                ).compactMap { book -> KOReaderBook? in
                    guard let id: Int64 = book[0] else { return nil }
                    return KOReaderBook(
                        id: id, title: book[1] ?? "", authors: book[2], pages: book[3] ?? 0,
                        md5: (book[4] as String?).map { $0.lowercased() }, rows: rows[id] ?? [], timeZone: timeZone)
                }
                return (books, skipped)
            }
        }
    }

    /// Which of KOReader's two layouts `db` has.
    enum Schema {
        /// `page_stat_data` (20201010 on): a row's seconds in `duration`, its page count then in `total_pages`.
        case pageStatData
        /// Before 2020: `page_stat` as a table, seconds in `period`, no page count per row.
        case pageStat

        var rowsQuery: String {
            switch self {
            case .pageStatData:
                "SELECT CAST(id_book AS INTEGER), CAST(page AS INTEGER), CAST(start_time AS INTEGER), CAST(duration AS INTEGER), CAST(total_pages AS INTEGER) FROM page_stat_data WHERE id_book IS NOT NULL ORDER BY id_book, start_time, page"
            case .pageStat:
                "SELECT CAST(id_book AS INTEGER), CAST(page AS INTEGER), CAST(start_time AS INTEGER), CAST(period AS INTEGER), 0 FROM page_stat WHERE id_book IS NOT NULL ORDER BY id_book, start_time, page"
            }
        }
    }

    static func schema(_ db: Database, file: URL) throws -> Schema {
        let names = try String?.fetchAll(db, sql: "SELECT CAST(name AS TEXT) FROM sqlite_master WHERE type = 'table'")
        let tables = Set(names.compactMap { $0 })
        guard tables.contains("book") else {
            throw ExportError.cannotOpen(path: file.path, reason: "it is an SQLite file without KOReader's book table")
        }
        if tables.contains("page_stat_data") { return .pageStatData }
        if tables.contains("page_stat") { return .pageStat }
        throw ExportError.cannotOpen(path: file.path, reason: "it is an SQLite file without KOReader's page statistics")
    }

    private static func tables(_ file: URL, scratch: URL?) throws -> Schema {
        var configuration = Configuration()
        configuration.readonly = true
        let path = file.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file.path
        // Only looked at, never written: immutable takes no lock and creates no file beside it.
        let queue = try DatabaseQueue(path: "file:\(path)?immutable=1", configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { try schema($0, file: file) }
    }

    /// Copies the database and its `-wal` into a new folder in `scratch`, opens the copy (SQLite
    /// replays the log into it), and removes the folder after `body`.
    private static func withCopy<T>(of file: URL, in scratch: URL?, _ body: (DatabaseQueue) throws -> T) throws -> T {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
        guard let size else { throw ExportError.cannotOpen(path: file.path, reason: "no such file") }
        guard size <= maximumBytes else {
            throw ExportError.beyondLimit(path: file.path, what: "more than \(maximumBytes >> 20) MiB")
        }
        let folder = (scratch ?? FileManager.default.temporaryDirectory)
            .appendingPathComponent(".koreader-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("statistics.sqlite3")
        do {
            try FileManager.default.copyItem(at: file, to: copy)
            let log = URL(fileURLWithPath: file.path + "-wal")
            if FileManager.default.fileExists(atPath: log.path) {
                try FileManager.default.copyItem(at: log, to: URL(fileURLWithPath: copy.path + "-wal"))
            }
        } catch {
            throw ExportError.cannotOpen(
                path: file.path, reason: "it could not be read (\(error.localizedDescription))")
        }
        do {
            let queue = try DatabaseQueue(path: copy.path)
            defer { try? queue.close() }
            return try body(queue)
        } catch let error as DatabaseError {
            throw ExportError.cannotOpen(
                path: file.path,
                reason:
                    "it is not a KOReader statistics database SQLite can read (\(error.message ?? "\(error.resultCode)"))"
            )
        }
    }
}
