import Foundation
import GRDB

/// Reads a Calibre library: its `metadata.db` opened read-only (never changed, also while Calibre
/// has it open), each book's covers from its own folder. Calibre's schema (PROVENANCE.md): ISBNs
/// in `identifiers`, stars as 0–10, `|` for a comma inside one author's name, `0101-01-01` for an
/// unknown date, folder names shortened and transliterated (so paths come from `books.path`,
/// never from titles). No network: the covers are the library's own.
public enum CalibreReader {
    /// The library folder for `location`: the folder itself, or the folder of a `metadata.db`.
    public static func libraryFolder(_ location: URL) -> URL {
        location.lastPathComponent == "metadata.db" ? location.deletingLastPathComponent() : location
    }

    /// Whether `location` is a Calibre library (a folder holding `metadata.db`) or its `metadata.db`.
    public static func isLibrary(_ location: URL) -> Bool {
        FileManager.default.fileExists(atPath: libraryFolder(location).appendingPathComponent("metadata.db").path)
    }

    /// Reads every book, handing each to `body` in Calibre's id order. Each is on the shelf
    /// named after the library's folder (the whole library, one tag) and on each of its tags.
    public static func read(_ location: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        let folder = libraryFolder(location)
        let database = folder.appendingPathComponent("metadata.db")
        guard FileManager.default.fileExists(atPath: database.path) else {
            throw ExportError.cannotOpen(path: folder.path, reason: "it is no Calibre library: it has no metadata.db")
        }
        let books: [ImportedBook]
        do {
            books = try readBooks(database, folder: folder)
        } catch let error as DatabaseError {
            throw ExportError.cannotOpen(
                path: database.path,
                reason: "it is not a Calibre database SQLite can read (\(error.message ?? "\(error.resultCode)"))")
        }
        var summary = LibraryCSV.Summary()
        for book in books {
            summary.rows += 1
            try body(book)
        }
        return summary
    }

    /// The books, read in one read-only transaction. Calibre may hold the library open and be
    /// writing: booktag waits a moment for its lock, then reads the file as it is on disk
    /// (`immutable`: no lock taken, none waited for), never changing it either way.
    static func readBooks(_ database: URL, folder: URL) throws -> [ImportedBook] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(1)
        do {
            let queue = try DatabaseQueue(path: database.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try Self.books(db, folder: folder) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            configuration.busyMode = .immediateError
            let path = database.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? database.path
            let queue = try DatabaseQueue(path: "file:\(path)?immutable=1", configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try Self.books(db, folder: folder) }
        }
    }

    private static func books(_ db: Database, folder: URL) throws -> [ImportedBook] {
        let shelf = folder.lastPathComponent
        // Held at once, whatever the database holds: one book past the limit (which
        // `LibraryFormat.read` refuses), their links only, and no text longer than a field may be.
        let limit = ExportLimits.books + 1
        let kept = "(SELECT id FROM books WHERE id IS NOT NULL ORDER BY id LIMIT \(limit))"
        // Every value comes as the type it is read as, whatever a changed schema stores (GRDB
        // stops the process on a value it cannot convert): text cut to a field, whole numbers.
        // And every one is read as optional: a damaged file can give NULL where a query asked
        // for none (an index that disagrees with its table), which GRDB would stop on too.
        func text(_ column: String) -> String { "substr(CAST(\(column) AS TEXT), 1, \(ExportLimits.fieldBytes))" }
        func integer(_ column: String) -> String { "CAST(\(column) AS INTEGER)" }
        var authors: [Int64: [String]] = [:]
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT \(integer("l.book")) AS book, \(text("a.name")) AS name FROM books_authors_link l JOIN authors a ON a.id = l.author WHERE l.book IN \(kept) AND a.name IS NOT NULL ORDER BY l.id"
        ) {
            guard let book: Int64 = row["book"], let name: String = row["name"] else { continue }
            authors[book, default: []].append(name.replacingOccurrences(of: "|", with: ","))
        }
        var tags: [Int64: [String]] = [:]
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT \(integer("l.book")) AS book, \(text("t.name")) AS name FROM books_tags_link l JOIN tags t ON t.id = l.tag WHERE l.book IN \(kept) AND t.name IS NOT NULL ORDER BY l.id"
        ) {
            guard let book: Int64 = row["book"], let name: String = row["name"] else { continue }
            tags[book, default: []].append(name)
        }
        var isbns: [Int64: String] = [:]
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT \(integer("book")) AS book, \(text("val")) AS val FROM identifiers WHERE type = 'isbn' AND book IN \(kept)"
        ) {
            if let book: Int64 = row["book"] { isbns[book] = row["val"] }
        }
        var ratings: [Int64: Int] = [:]
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT \(integer("l.book")) AS book, \(integer("r.rating")) AS rating FROM books_ratings_link l JOIN ratings r ON r.id = l.rating WHERE l.book IN \(kept)"
        ) {
            if let book: Int64 = row["book"] { ratings[book] = row["rating"] }
        }
        var comments: [Int64: String] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT \(integer("book")) AS book, \(text("text")) AS text FROM comments WHERE book IN \(kept)")
        {
            if let book: Int64 = row["book"] { comments[book] = row["text"] }
        }
        var publishers: [Int64: String] = [:]
        for row in try Row.fetchAll(
            db,
            sql:
                "SELECT \(integer("l.book")) AS book, \(text("p.name")) AS name FROM books_publishers_link l JOIN publishers p ON p.id = l.publisher WHERE l.book IN \(kept)"
        ) {
            if let book: Int64 = row["book"] { publishers[book] = row["name"] }
        }
        return try Row.fetchAll(
            db,
            sql:
                "SELECT \(integer("id")) AS id, \(text("title")) AS title, \(text("path")) AS path, \(integer("has_cover")) AS has_cover, \(text("uuid")) AS uuid, \(text("isbn")) AS isbn, \(text("pubdate")) AS pubdate FROM books WHERE id IS NOT NULL ORDER BY id LIMIT \(limit)"
        ).compactMap { row in
            guard let id: Int64 = row["id"],
                let title = (row["title"] as String?)?.trimmingCharacters(in: .whitespacesAndNewlines),
                !title.isEmpty,
                let uuid: String = row["uuid"], !uuid.isEmpty
            else { return nil }
            var book = ImportedBook(key: "calibre \(id)", identity: .calibre(uuid), title: title)
            book.author = authors[id]?.first
            let isbn = (isbns[id] ?? row["isbn"]).flatMap { try? ISBN($0) }
            book.isbn13 = isbn?.isbn13
            book.isbn10 = isbn?.isbn10
            // 0–10, two a star; 0 is none.
            book.stars = ratings[id].flatMap { $0 > 0 ? Double($0) / 2 : nil }
            book.yearPublished = (row["pubdate"] as String?).flatMap { Int($0.prefix(4)) }.flatMap {
                $0 > 101 ? $0 : nil
            }
            book.publisher = publishers[id]
            book.descriptionHTML = comments[id]
            if (row["has_cover"] as Int?) == 1, let path: String = row["path"], !path.contains("..") {
                book.coverFile = folder.appendingPathComponent(path, isDirectory: true).appendingPathComponent(
                    "cover.jpg")
            }
            book.shelves = ImportedBook.shelfNames([shelf] + (tags[id] ?? []))
            return book
        }
    }
}
