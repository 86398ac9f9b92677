import GRDB

extension StoreSchema {
    /// v11: each book's reading time summed by day (with its hours) and its sessions counted by
    /// year (`ReadingSums`), kept beside its intervals and written with them, so that `stats`
    /// reads a row a day and a row a book; the intervals already stored are summed here.
    static func migrateToReadingSums(_ db: Database) throws {
        try db.create(table: "readingDay") { t in
            t.column("source", .text).notNull()
            t.column("sourceID", .text).notNull()
            t.foreignKey(["source", "sourceID"], references: "book", onDelete: .cascade)
            t.column("day", .text).notNull()  // YYYY-MM-DD, local
            t.column("seconds", .integer).notNull()
            t.column("hours", .blob).notNull()  // 24 little-endian UInt32, midnight first
        }
        try db.create(
            index: "readingDay_by_book", on: "readingDay", columns: ["source", "sourceID", "day", "seconds", "hours"])
        try db.create(table: "readingSessions") { t in
            t.column("source", .text).notNull()
            t.column("sourceID", .text).notNull()
            t.foreignKey(["source", "sourceID"], references: "book", onDelete: .cascade)
            t.column("year", .integer).notNull()  // 0: the whole record
            t.column("count", .integer).notNull()
            t.column("longestSeconds", .integer).notNull()
            t.column("longestStart", .integer).notNull()
            t.column("longestDay", .text).notNull()
        }
        try db.create(
            index: "readingSessions_by_book", on: "readingSessions",
            columns: ["source", "sourceID", "year", "count", "longestSeconds", "longestStart", "longestDay"])
        let rows = try Row.fetchCursor(
            db, sql: "SELECT source, sourceID, start, seconds, day, hour FROM readingInterval ORDER BY source, sourceID"
        )
        var book: (source: String, id: String)?
        var intervals: [ReadingInterval] = []
        while let row = try rows.next() {
            let key: (source: String, id: String) = (row[0], row[1])
            if let current = book, current.source != key.source || current.id != key.id {
                try BookStore.keepSums(ReadingSums(intervals), source: current.source, id: current.id, in: db)
                intervals.removeAll(keepingCapacity: true)
            }
            book = key
            intervals.append(ReadingInterval(start: row[2], seconds: row[3], day: row[4], hour: row[5]))
        }
        if let book { try BookStore.keepSums(ReadingSums(intervals), source: book.source, id: book.id, in: db) }
    }
}
