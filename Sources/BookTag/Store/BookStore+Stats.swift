import Foundation
import GRDB
import GRDBSQLite

extension BookStore {
    /// The tag's numbers (see `TagStats`), from what the store holds: no network. The books'
    /// numbers come from the `book_numbers` covering index (store v8), not their rows.
    public func stats(of name: TagName) throws -> TagStats {
        try read { db in
            guard let tag = try Self.tag(name, in: db) else { throw StoreError.tagNotFound(name.display) }
            let statement = try db.makeStatement(
                sql: """
                    SELECT tagBook.source, tagBook.sourceID, tagBook.title, tagBook.authorName,
                           COALESCE(tagBook.averageRating, book.averageRating) AS averageRating,
                           COALESCE(tagBook.originalPublicationYear, book.originalPublicationYear, book.publicationYear) AS year,
                           book.pageCount, book.myStars, book.dateRead, book.readingFormat, book.moods, book.pace, book.pageCountSource,
                           NULLIF(book.readDates, book.dateRead) AS readDates, book.readStarts
                    FROM tagBook
                    LEFT JOIN book INDEXED BY book_numbers ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                    WHERE tagBook.tagId = ?
                    ORDER BY tagBook.position
                    """)
            statement.arguments = [tag.id]
            // Columns read with SQLite's own calls, by position: GRDB's rows decode each value
            // through its generic conversions (a 20,000-book tag: 30 to 26 ms in process,
            // `booktag-bench stats`).
            let sqlite = statement.sqliteStatement
            func text(_ column: Int32) -> String? {
                guard let bytes = sqlite3_column_text(sqlite, column) else { return nil }
                return String(cString: bytes)
            }
            func integer(_ column: Int32) -> Int? {
                sqlite3_column_type(sqlite, column) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(sqlite, column))
            }
            func real(_ column: Int32) -> Double? {
                sqlite3_column_type(sqlite, column) == SQLITE_NULL ? nil : sqlite3_column_double(sqlite, column)
            }
            var books: [StatsBook] = []
            books.reserveCapacity(tag.bookCount)
            let cursor = try Row.fetchCursor(statement)
            while try cursor.next() != nil {
                books.append(
                    StatsBook(
                        id: BookID(source: SourceKind(storedValue: text(0) ?? ""), value: text(1) ?? ""),
                        title: text(2) ?? "",
                        author: text(3), pages: integer(6), averageRating: real(4), year: integer(5),
                        reading: Reading(
                            stars: real(7), dateRead: text(8), readDates: text(13).map(Reading.list) ?? [],
                            readStarts: text(14).map(Reading.starts) ?? [:],
                            format: text(9).flatMap(ReadingFormat.init(rawValue:)),
                            moods: text(10).map(Reading.list) ?? [], pace: text(11).flatMap(ReadingPace.init(rawValue:))
                        ),
                        pagesFromOpenLibrary: text(12) == SourceKind.openlibrary.rawValue))
            }
            // A tag holds a book once (`tagBook` is unique on the tag and the book).
            let context = try String.fetchOne(db, sql: "SELECT yearContext FROM tag WHERE id = ?", arguments: [tag.id])
                .flatMap { try? JSONDecoder().decode(YearContext.self, from: Data($0.utf8)) }
            var stats = TagStats(
                tag: tag.name, year: tag.origin?.year, readingRecords: tag.origin != nil, books: books, unique: true,
                context: context)
            if let tagID = tag.id, let (time, days) = try Self.readingTime(ofTag: tagID, year: tag.origin?.year, in: db)
            {
                stats.add(time, days: days)
            }
            if let year = tag.origin?.year, let goal = try Self.goal(year, in: db) {
                let finished = books.filter { $0.reading?.wasRead(in: year) == true }
                let pages = finished.compactMap(\.pages)
                stats.goal = GoalProgress(
                    goal: goal, booksDone: finished.count, pagesDone: pages.isEmpty ? nil : pages.reduce(0, +))
            }
            if tag.origin?.datesAreShelved == true {
                stats.datesAreShelved = true
                stats.calendar = nil
                stats.calendarAbsence = .onlyShelved
            }
            return stats
        }
    }

    /// The tag's books, in order, whose page count the store does not know: what `stats --fetch`
    /// asks the source for.
    public func booksWithoutPages(of name: TagName) throws -> [BookID] {
        try read { db in
            guard let tag = try Self.tag(name, in: db) else { throw StoreError.tagNotFound(name.display) }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT tagBook.source, tagBook.sourceID FROM tagBook
                    LEFT JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                    WHERE tagBook.tagId = ? AND (book.pageCount IS NULL OR book.pageCount <= 0)
                    ORDER BY tagBook.position
                    """, arguments: [tag.id])
            return rows.map { BookID(source: SourceKind(storedValue: $0[0]), value: $0[1]) }
        }
    }
}
