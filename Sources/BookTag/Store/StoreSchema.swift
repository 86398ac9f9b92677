import GRDB

/// The store's schema, as migrations. A shipped migration is never edited: a change is a new
/// migration, so that an existing home is upgraded in place, never deleted.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: tags, books, covers") { db in
            try db.create(table: "coverFile") { t in
                t.primaryKey("path", .text)
                t.column("sha256", .text).notNull().unique()
                t.column("format", .text).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("byteCount", .integer).notNull()
            }
            try db.create(table: "tag") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("key", .text).notNull().unique()
                t.column("name", .text).notNull()
                t.column("createdAt", .integer).notNull()  // dates: milliseconds since 1970
                t.column("lastFetchedAt", .integer)
                t.column("totalResults", .integer).notNull().defaults(to: 0)
                t.column("pageSize", .integer)
                t.column("startPage", .integer).notNull().defaults(to: 1)
                t.column("bookCount", .integer).notNull().defaults(to: 0)
            }
            // Listing tags reads this index alone, in key order, with no lookups into the table.
            try db.create(
                index: "tag_listing", on: "tag",
                columns: ["key", "name", "createdAt", "lastFetchedAt", "totalResults", "pageSize", "startPage", "bookCount"])
            try db.create(table: "tagBook") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("tag", onDelete: .cascade).notNull()
                t.column("position", .integer).notNull()
                t.column("goodreadsID", .integer).notNull().indexed()
                t.column("workID", .integer)
                t.column("title", .text).notNull()
                t.column("authorID", .integer)
                t.column("authorName", .text)
                t.column("imageURL", .text)
                t.column("averageRating", .double)
                t.column("ratingsCount", .integer)
                t.column("originalPublicationYear", .integer)
                t.column("coverPath", .text).notNull().indexed().references("coverFile", onDelete: .restrict)
                t.uniqueKey(["tagId", "position"])
                t.uniqueKey(["tagId", "goodreadsID"])
            }
            try db.create(table: "book") { t in
                t.primaryKey("goodreadsID", .integer)
                t.column("title", .text).notNull()
                t.column("isbn", .text)
                t.column("rawISBN13", .text)
                t.column("isbn10", .text).indexed()
                t.column("isbn13", .text).indexed()
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
                t.column("coverPath", .text).indexed().references("coverFile", onDelete: .restrict)
                t.column("fetchedAt", .integer).notNull()
            }
            try db.create(table: "coverCheck") { t in
                t.primaryKey("path", .text)
            }
        }
        return migrator
    }
}
