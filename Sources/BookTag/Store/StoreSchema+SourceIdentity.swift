import GRDB

extension StoreSchema {
    /// v2: a book was a Goodreads id; it becomes a source and that source's id (a string, as Open
    /// Library's `OL45804W`). SQLite cannot change a primary key in place, so `book` and
    /// `tagBook` are rebuilt and their rows copied; every existing book is a Goodreads book and
    /// every existing tag a Goodreads search.
    static func migrateToSourceIdentity(_ db: Database) throws {
        try db.alter(table: "tag") { t in
            t.add(column: "source", .text).notNull().defaults(to: SourceKind.goodreads.rawValue)
        }
        try db.drop(index: "tag_listing")
        try db.create(
            index: "tag_listing", on: "tag",
            columns: [
                "key", "name", "createdAt", "lastFetchedAt", "totalResults", "pageSize", "startPage", "bookCount",
                "source",
            ])

        try db.create(table: "tagBook_v2") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("tagId", .integer).notNull().references("tag", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("source", .text).notNull()
            t.column("sourceID", .text).notNull()
            t.column("workID", .integer)
            t.column("title", .text).notNull()
            t.column("authorID", .integer)
            t.column("authorName", .text)
            t.column("imageURL", .text)
            t.column("averageRating", .double)
            t.column("ratingsCount", .integer)
            t.column("originalPublicationYear", .integer)
            t.column("coverPath", .text).notNull().references("coverFile", onDelete: .restrict)
            t.uniqueKey(["tagId", "position"])
            t.uniqueKey(["tagId", "source", "sourceID"])
        }
        try db.execute(
            sql: """
                INSERT INTO tagBook_v2 (id, tagId, position, source, sourceID, workID, title, authorID, authorName, imageURL,
                                        averageRating, ratingsCount, originalPublicationYear, coverPath)
                SELECT id, tagId, position, 'goodreads', CAST(goodreadsID AS TEXT), workID, title, authorID, authorName, imageURL,
                       averageRating, ratingsCount, originalPublicationYear, coverPath
                FROM tagBook
                """)
        try db.drop(table: "tagBook")
        try db.rename(table: "tagBook_v2", to: "tagBook")
        try db.create(index: "tagBook_on_tagId", on: "tagBook", columns: ["tagId"])
        try db.create(index: "tagBook_on_book", on: "tagBook", columns: ["source", "sourceID"])
        try db.create(index: "tagBook_on_coverPath", on: "tagBook", columns: ["coverPath"])

        try db.create(table: "book_v2") { t in
            t.column("source", .text).notNull()
            t.column("sourceID", .text).notNull()
            t.primaryKey(["source", "sourceID"])
            t.column("title", .text).notNull()
            t.column("isbn", .text)
            t.column("rawISBN13", .text)
            t.column("isbn10", .text)
            t.column("isbn13", .text)
            t.column("imageURL", .text)
            t.column("smallImageURL", .text)
            t.column("publicationYear", .integer)
            t.column("publicationMonth", .integer)
            t.column("publicationDay", .integer)
            t.column("originalPublicationYear", .integer)
            t.column("workID", .integer)
            t.column("publisher", .text)
            t.column("descriptionHTML", .text)
            t.column("averageRating", .double)
            t.column("ratingsCount", .integer)
            t.column("pageCount", .integer)
            t.column("format", .text)
            t.column("authors", .text).notNull()
            t.column("coverPath", .text).references("coverFile", onDelete: .restrict)
            t.column("fetchedAt", .integer).notNull()
        }
        try db.execute(
            sql: """
                INSERT INTO book_v2 (source, sourceID, title, isbn, rawISBN13, isbn10, isbn13, imageURL, smallImageURL,
                                     publicationYear, publicationMonth, publicationDay, originalPublicationYear, workID, publisher,
                                     descriptionHTML, averageRating, ratingsCount, pageCount, format, authors, coverPath, fetchedAt)
                SELECT 'goodreads', CAST(goodreadsID AS TEXT), title, isbn, rawISBN13, isbn10, isbn13, imageURL, smallImageURL,
                       publicationYear, publicationMonth, publicationDay, originalPublicationYear, workID, publisher,
                       descriptionHTML, averageRating, ratingsCount, pageCount, format, authors, coverPath, fetchedAt
                FROM book
                """)
        try db.drop(table: "book")
        try db.rename(table: "book_v2", to: "book")
        try db.create(index: "book_on_isbn10", on: "book", columns: ["isbn10"])
        try db.create(index: "book_on_isbn13", on: "book", columns: ["isbn13"])
        try db.create(index: "book_on_coverPath", on: "book", columns: ["coverPath"])
    }
}
