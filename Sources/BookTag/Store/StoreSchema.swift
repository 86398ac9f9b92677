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
                columns: [
                    "key", "name", "createdAt", "lastFetchedAt", "totalResults", "pageSize", "startPage", "bookCount",
                ])
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
        migrator.registerMigration("v2: books are a source and its id; tags remember their source") { db in
            try migrateToSourceIdentity(db)
        }
        migrator.registerMigration("v3: tags from shelves and exports; the reader's stars and dates") { db in
            // A tag made from a shelf or an export keeps how (`TagOrigin` as JSON); a search has none.
            try db.alter(table: "tag") { t in
                t.add(column: "origin", .text)
            }
            try db.drop(index: "tag_listing")
            try db.create(
                index: "tag_listing", on: "tag",
                columns: [
                    "key", "name", "createdAt", "lastFetchedAt", "totalResults", "pageSize", "startPage", "bookCount",
                    "source", "origin",
                ])
            try db.alter(table: "book") { t in
                t.add(column: "myRating", .integer)
                t.add(column: "dateRead", .text)  // YYYY-MM-DD
            }
        }
        migrator.registerMigration("v4: a tag remembers how its collage was drawn") { db in
            // `CollageStyle` as JSON, for `list` and for drawing the collage again after `drop`.
            try db.alter(table: "tag") { t in
                t.add(column: "collageStyle", .text)
            }
            try db.drop(index: "tag_listing")
            try db.create(
                index: "tag_listing", on: "tag",
                columns: [
                    "key", "name", "createdAt", "lastFetchedAt", "totalResults", "pageSize", "startPage", "bookCount",
                    "source", "origin",
                    "collageStyle",
                ])
        }
        migrator.registerMigration("v5: a book's details outlive its tags only when fetched for themselves") { db in
            // Details that came with a tag's listing (a shelf, an export) go with the last tag
            // that holds the book; details `show` fetched stay. A book stored before v5 counts
            // as fetched: an upgrade forgets nothing.
            try db.alter(table: "book") { t in
                t.add(column: "fetchedForItself", .boolean).notNull().defaults(to: true)
            }
            try db.create(
                index: "book_listed", on: "book", columns: ["source", "sourceID"],
                condition: Column("fetchedForItself") == false)
        }
        migrator.registerMigration("v6: a book's numbers readable from an index") { db in
            // `stats` joins a tag's books to their numbers: from this covering index it reads a
            // few small pages instead of every book's row with its description (a 20,000-book
            // tag: 30 to 18 ms of SQLite), for about 50 bytes a book.
            try db.create(
                index: "book_numbers", on: "book",
                columns: [
                    "source", "sourceID", "pageCount", "myRating", "dateRead", "averageRating",
                    "originalPublicationYear", "publicationYear",
                ])
        }
        migrator.registerMigration("v7: a book's description kept as plain text too") { db in
            // `show` prints the plain text; keeping it beside the HTML spares a stored book's
            // `show` the HTML parser (libxml2 and ICU opened, the description parsed: 1.2 ms of a
            // 12 ms command). Filled here once for the books already kept.
            try db.alter(table: "book") { t in
                t.add(column: "descriptionText", .text)
            }
            let described = try Row.fetchAll(
                db, sql: "SELECT source, sourceID, descriptionHTML FROM book WHERE descriptionHTML IS NOT NULL")
            for row in described {
                let html: String = row[2]
                try db.execute(
                    sql: "UPDATE book SET descriptionText = ? WHERE source = ? AND sourceID = ?",
                    arguments: [HTMLSanitizer.plainText(fromHTML: html), row[0] as String, row[1] as String])
            }
        }
        migrator.registerMigration("v8: what the reader wrote, in full") { db in
            // Quarter and half stars as written (`myRating` keeps the nearest whole star, so a
            // home read by 0.4.0 still shows them), every day a book was finished, how it was read
            // and StoryGraph's moods and pace; and where a page count came from when not the
            // book's own source (Open Library's count for a StoryGraph book). `stats` reads them
            // all from the numbers index, rebuilt with them.
            try db.alter(table: "book") { t in
                t.add(column: "myStars", .double)
                t.add(column: "readDates", .text)  // YYYY-MM-DD, comma-separated, oldest first
                t.add(column: "readingFormat", .text)
                t.add(column: "moods", .text)  // comma-separated, as the reader gave them
                t.add(column: "pace", .text)
                t.add(column: "pageCountSource", .text)
            }
            try db.execute(
                sql:
                    "UPDATE book SET myStars = myRating, readDates = dateRead WHERE myRating IS NOT NULL OR dateRead IS NOT NULL"
            )
            try db.drop(index: "book_numbers")
            try db.create(
                index: "book_numbers", on: "book",
                columns: [
                    "source", "sourceID", "pageCount", "myStars", "dateRead", "averageRating",
                    "originalPublicationYear", "publicationYear",
                    "readingFormat", "moods", "pace", "pageCountSource",
                ])
        }
        migrator.registerMigration("v9: when each read began, the year before, drawn covers") { db in
            // The reading calendar counts the days from each read's start to its finish, so the
            // starts are kept beside the finishes (`start/finish`, comma-separated, only reads with
            // a start); the numbers index takes both, so `stats` still reads no book row. A year's
            // tag keeps the export's year before it (`yearContext`, JSON), since it keeps only
            // its own year's books.
            try db.alter(table: "book") { t in
                t.add(column: "readStarts", .text)
            }
            try db.alter(table: "tag") { t in
                t.add(column: "yearContext", .text)
            }
            // A cover booktag drew for a reader's book with none anywhere (`books --json` says
            // so; a later import looks for a real one again).
            try db.alter(table: "coverFile") { t in
                t.add(column: "drawn", .boolean).notNull().defaults(to: false)
            }
            try db.drop(index: "book_numbers")
            try db.create(
                index: "book_numbers", on: "book",
                columns: [
                    "source", "sourceID", "pageCount", "myStars", "dateRead", "averageRating",
                    "originalPublicationYear", "publicationYear",
                    "readingFormat", "moods", "pace", "pageCountSource", "readDates", "readStarts",
                ])
        }
        migrator.registerMigration("v10: the time a reader's device recorded") { db in
            // Every interval KOReader or Audiobookshelf recorded for a book (`ReadingInterval`),
            // with its local day and hour: `stats` sums a tag's time by day, hour and book from
            // the covering index alone, and a book's intervals go with its row.
            try db.create(table: "readingInterval") { t in
                t.column("source", .text).notNull()
                t.column("sourceID", .text).notNull()
                t.foreignKey(["source", "sourceID"], references: "book", onDelete: .cascade)
                t.column("start", .integer).notNull()  // seconds since 1970
                t.column("seconds", .integer).notNull()
                t.column("day", .text).notNull()  // YYYY-MM-DD, local
                t.column("hour", .integer).notNull()  // 0…23, local
            }
            try db.create(
                index: "readingInterval_by_book", on: "readingInterval",
                columns: ["source", "sourceID", "start", "seconds", "day", "hour"])
        }
        migrator.registerMigration("v11: a book's reading time summed by hour and session") { db in
            try migrateToReadingSums(db)
        }
        migrator.registerMigration("v12: a cover's largest size, kept for print") { db in
            // The largest cover a source holds, beside the one screens use (`path`). A row whose
            // `largestPath` is NULL says the source was asked and has nothing larger, so a print
            // does not ask again. The small cover's row going takes this one with it.
            try db.create(table: "coverLargest") { t in
                t.primaryKey("path", .text).references("coverFile", onDelete: .cascade)
                t.column("largestPath", .text).indexed().references("coverFile", onDelete: .restrict)
                t.column("askedAt", .integer).notNull()  // milliseconds since 1970
            }
        }
        migrator.registerMigration("v13: e-readers that sync into serve, their readings and progress") { db in
            try migrateToDevices(db)
        }
        migrator.registerMigration("v14: the reader's goal for a year") { db in
            // One goal a year (`booktag goal`): books, and pages when the reader set them.
            try db.create(table: "readingGoal") { t in
                t.primaryKey("year", .integer)
                t.column("books", .integer).notNull()
                t.column("pages", .integer)
                t.column("updatedAt", .integer).notNull()  // milliseconds since 1970
            }
        }
        migrator.registerMigration("v15: read-only links to a tag's year page") { db in
            // One link a tag (`booktag share`); it goes with its tag.
            try db.create(table: "shareLink") { t in
                t.primaryKey("key", .text)
                t.column("tagId", .integer).notNull().unique().references("tag", onDelete: .cascade)
                t.column("createdAt", .integer).notNull()  // milliseconds since 1970
            }
        }
        migrator.registerMigration("v16: the language a shared page is in") { db in
            // The maker's (`Language.code`), so a friend reads the page as its maker does; NULL is English.
            try db.alter(table: "shareLink") { t in t.add(column: "language", .text) }
        }
        return migrator
    }
}
