import Foundation
import GRDB

extension BookStore {
    /// Keeps a book's details, and its cover when given, replacing what was known about it.
    /// Details are shared by every tag the book is in. `forItself`: the reader asked for this
    /// book (`show`), so it stays when no tag holds it; details fetched for a tag's sake (`stats
    /// --fetch`) go with the tag's last hold on the book, unless it was once fetched for itself.
    @discardableResult
    public func saveBook(_ details: BookDetails, cover: Data?, fetchedAt: Date = Date(), forItself: Bool = true) throws
        -> StoredBook
    {
        let file = try cover.map { try CoverFileStore.describe($0, title: details.title) }
        let stored: StoredBook
        do {
            let coversLock = try FileLock(path: home.coversLockFile.path, mode: .shared)
            defer { coversLock.unlock() }
            if let file, let cover {
                try write { db in try Self.recordChecks([file.path], in: db) }
                try writeCoverFiles([(file, cover)])
            }
            stored = try write { db in
                let oldPath = try String.fetchOne(
                    db, sql: "SELECT coverPath FROM book WHERE source = ? AND sourceID = ?",
                    arguments: [details.id.source.rawValue, details.id.value])
                try file?.insert(db, onConflict: .ignore)
                var details = details
                let stored = try StoredBook.fetchOne(db, id: details.id)
                if details.reading == nil {
                    // A source's book call knows nothing of the reader: keep their stars and date.
                    details.reading = stored?.details.reading
                }
                let book = StoredBook(
                    details: details, coverPath: file?.path ?? oldPath, fetchedAt: fetchedAt,
                    fetchedForItself: forItself || stored?.fetchedForItself == true)
                try book.save(db)
                if let oldPath, oldPath != book.coverPath {
                    try Self.recordChecks([oldPath], in: db)
                }
                return book
            }
        }
        _ = try? sweepCovers()
        return stored
    }

    /// A tag's book as the tag keeps it (title, author, year, rating, cover, and what the
    /// reader's shelf said), for a book `show` never fetched; the first tag's, if several hold it.
    public func tagBook(id: BookID) throws -> TagBookEntry? {
        try read { db in
            try TagBookEntry.fetchOne(
                db,
                sql: """
                    SELECT tagBook.*, book.isbn10, book.isbn13, book.myRating, book.myStars, book.dateRead, book.readDates, book.readStarts, book.readingFormat, book.moods, book.pace
                    FROM tagBook
                    LEFT JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                    WHERE tagBook.source = ? AND tagBook.sourceID = ?
                    ORDER BY tagBook.tagId, tagBook.position LIMIT 1
                    """, arguments: [id.source.rawValue, id.value])
        }
    }

    /// The book's kept details, if any.
    public func book(id: BookID) throws -> StoredBook? {
        try read { db in try StoredBook.fetchOne(db, id: id) }
    }

    /// The book with this ISBN, in either form; of several (one per source), the one from
    /// `preferring` when there is one.
    public func book(isbn: ISBN, preferring source: SourceKind? = nil) throws -> StoredBook? {
        try read { db in
            try StoredBook.fetchOne(
                db, sql: "SELECT * FROM book WHERE isbn13 = ? ORDER BY source = ? DESC, source LIMIT 1",
                arguments: [isbn.isbn13, source?.rawValue])
        }
    }

    /// Whether `path` (`covers/ab/ab….jpg`) is a cover some stored book uses: a server hands out
    /// cover files by this answer, never by a path a request names.
    public func knowsCover(_ path: String) throws -> Bool {
        guard CoverFileStore.isCoverPath(path) else { return false }
        return try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM coverFile WHERE path = ?)", arguments: [path])
                ?? false
        }
    }

    /// The cover file a tag holds for the book, if any tag holds it.
    public func coverPath(ofTagBook id: BookID) throws -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT coverPath FROM tagBook WHERE source = ? AND sourceID = ? LIMIT 1",
                arguments: [id.source.rawValue, id.value])
        }
    }

    /// The display names of the tags whose current set holds the book, by key.
    public func tagNames(containing id: BookID) throws -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT tag.name FROM tag JOIN tagBook ON tagBook.tagId = tag.id
                    WHERE tagBook.source = ? AND tagBook.sourceID = ? ORDER BY tag.key
                    """, arguments: [id.source.rawValue, id.value])
        }
    }
}
