import GRDB

extension BookStore {
    /// The tag's numbers (see `TagStats`), from what the store holds: no network.
    public func stats(of name: TagName) throws -> TagStats {
        try read { db in
            guard let tag = try Self.tag(name, in: db) else { throw StoreError.tagNotFound(name.display) }
            let rows = try Row.fetchCursor(db, sql: """
                SELECT tagBook.source, tagBook.sourceID, tagBook.title, tagBook.authorName,
                       COALESCE(tagBook.averageRating, book.averageRating) AS averageRating,
                       COALESCE(tagBook.originalPublicationYear, book.originalPublicationYear, book.publicationYear) AS year,
                       book.pageCount, book.myRating, book.dateRead
                FROM tagBook
                LEFT JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                WHERE tagBook.tagId = ?
                ORDER BY tagBook.position
                """, arguments: [tag.id])
            // Columns by position: GRDB matches names case-insensitively, lowercasing each one for
            // every row (a third of the time on a 20,000-book tag).
            var books: [StatsBook] = []
            books.reserveCapacity(tag.bookCount)
            while let row = try rows.next() {
                books.append(StatsBook(
                    id: BookID(source: SourceKind(storedValue: row[0]), value: row[1]), title: row[2], author: row[3], pages: row[6],
                    averageRating: row[4], year: row[5], reading: Reading(rating: row[7], dateRead: row[8])))
            }
            return TagStats(tag: tag.name, year: tag.origin?.year, readingRecords: tag.origin != nil, books: books)
        }
    }

    /// The tag's books, in order, whose page count the store does not know: what `stats --fetch`
    /// asks the source for.
    public func booksWithoutPages(of name: TagName) throws -> [BookID] {
        try read { db in
            guard let tag = try Self.tag(name, in: db) else { throw StoreError.tagNotFound(name.display) }
            let rows = try Row.fetchAll(db, sql: """
                SELECT tagBook.source, tagBook.sourceID FROM tagBook
                LEFT JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                WHERE tagBook.tagId = ? AND (book.pageCount IS NULL OR book.pageCount <= 0)
                ORDER BY tagBook.position
                """, arguments: [tag.id])
            return rows.map { BookID(source: SourceKind(storedValue: $0[0]), value: $0[1]) }
        }
    }
}
