import GRDB

extension BookStore {
    /// The tag's numbers (see `TagStats`), from what the store holds: no network.
    public func stats(of name: TagName) throws -> TagStats {
        try read { db in
            guard let tag = try Tag.filter(Tag.Columns.key == name.key).fetchOne(db) else { throw StoreError.tagNotFound(name.display) }
            let rows = try Row.fetchAll(db, sql: """
                SELECT tagBook.source, tagBook.sourceID, tagBook.title, tagBook.authorName,
                       COALESCE(tagBook.averageRating, book.averageRating) AS averageRating,
                       COALESCE(tagBook.originalPublicationYear, book.originalPublicationYear, book.publicationYear) AS year,
                       book.pageCount, book.myRating, book.dateRead
                FROM tagBook
                LEFT JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID
                WHERE tagBook.tagId = ?
                ORDER BY tagBook.position
                """, arguments: [tag.id])
            let books = rows.map { row in
                StatsBook(
                    id: BookID(row: row), title: row["title"], author: row["authorName"], pages: row["pageCount"],
                    averageRating: row["averageRating"], year: row["year"],
                    reading: Reading(rating: row["myRating"], dateRead: row["dateRead"]))
            }
            return TagStats(tag: tag.name, year: tag.origin?.year, readingRecords: tag.origin != nil, books: books)
        }
    }
}
