import GRDB
import GRDBSQLite

extension BookStore {
    /// The reading time of the tag `tagID`'s books over their intervals in `year` (all of them
    /// without one), and the seconds of each local day; `nil` when none of its books has any.
    /// Read from the sums kept with the intervals (`ReadingSums`): a row a day of each book (its
    /// seconds and hours) and a row a book (its sessions in the year), each in one pass over its
    /// covering index with SQLite's own calls.
    static func readingTime(ofTag tagID: Int64, year: Int?, in db: Database) throws
        -> (time: ReadingTime, days: [String: Int])?
    {
        // Most homes hold no device's time: one look at the table spares every other tag's
        // `stats` a probe of the index per book (20,000 for the largest tags).
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM readingDay)") == true else { return nil }
        var tally = TimeTally()
        var arguments: StatementArguments = [tagID]
        if let year { arguments += ["\(year)-01-01", "\(year)-12-31"] }
        try eachRow(
            """
            SELECT tagBook.position, readingDay.day, readingDay.seconds, readingDay.hours
            FROM tagBook JOIN readingDay ON readingDay.source = tagBook.source AND readingDay.sourceID = tagBook.sourceID
            WHERE tagBook.tagId = ?\(year == nil ? "" : " AND readingDay.day BETWEEN ? AND ?")
            """, arguments, in: db
        ) { sqlite in
            let seconds = Int(sqlite3_column_int64(sqlite, 2))
            tally.days[Self.text(sqlite, 1), default: 0] += seconds
            tally.books[Int(sqlite3_column_int64(sqlite, 0)), default: 0] += seconds
            if let blob = sqlite3_column_blob(sqlite, 3), sqlite3_column_bytes(sqlite, 3) == 96 {
                let hours = blob.assumingMemoryBound(to: UInt32.self)
                for hour in 0..<24 { tally.hours[hour] += Int(UInt32(littleEndian: hours[hour])) }
            }
        }
        guard !tally.days.isEmpty else { return nil }
        // A year's sessions, cut at its ends; without a year, the whole record's.
        try eachRow(
            """
            SELECT tagBook.position, readingSessions.count, readingSessions.longestSeconds,
                   readingSessions.longestStart, readingSessions.longestDay
            FROM tagBook JOIN readingSessions
              ON readingSessions.source = tagBook.source AND readingSessions.sourceID = tagBook.sourceID
            WHERE tagBook.tagId = ? AND readingSessions.year = ?
            """, [tagID, year ?? 0], in: db
        ) { sqlite in
            tally.sessions += Int(sqlite3_column_int64(sqlite, 1))
            let longest = TimeTally.Session(
                position: Int(sqlite3_column_int64(sqlite, 0)), first: sqlite3_column_int64(sqlite, 3),
                day: Self.text(sqlite, 4), seconds: Int(sqlite3_column_int64(sqlite, 2)))
            tally.consider(longest)
        }
        func book(at position: Int) throws -> (id: BookID, title: String) {
            let row = try Row.fetchOne(
                db, sql: "SELECT source, sourceID, title FROM tagBook WHERE tagId = ? AND position = ?",
                arguments: [tagID, position])
            return (BookID(source: SourceKind(storedValue: row?[0] ?? ""), value: row?[1] ?? ""), row?[2] ?? "")
        }
        let top = tally.books.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(5)
        let books = try top.map { position, seconds in
            let named = try book(at: position)
            return ReadingTime.BookTime(id: named.id, title: named.title, seconds: seconds)
        }
        let longest = try tally.longest.map { session in
            let named = try book(at: session.position)
            return ReadingTime.Session(seconds: session.seconds, day: session.day, id: named.id, title: named.title)
        }
        let total = tally.days.values.reduce(0, +)
        let time = ReadingTime(
            seconds: total, sessions: tally.sessions, readingDays: tally.days.count,
            perReadingDay: Int((Double(total) / Double(tally.days.count)).rounded()), longestSession: longest,
            hours: tally.hours, books: books)
        return (time, tally.days)
    }

    /// Steps `sql` with SQLite's own calls, handing `row` the statement at each row.
    private static func eachRow(
        _ sql: String, _ arguments: StatementArguments, in db: Database, _ row: (_ sqlite: OpaquePointer) throws -> Void
    ) throws {
        let statement = try db.makeStatement(sql: sql)
        statement.arguments = arguments
        let cursor = try Row.fetchCursor(statement)
        while try cursor.next() != nil { try row(statement.sqliteStatement) }
    }

    private static func text(_ sqlite: OpaquePointer, _ column: Int32) -> String {
        guard let text = sqlite3_column_text(sqlite, column) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(sqlite, column))), as: UTF8.self)
    }

    /// Keeps a book's sums (the rows before are deleted by the caller).
    static func keepSums(_ sums: ReadingSums, source: String, id: String, in db: Database) throws {
        let day = try db.cachedStatement(
            sql: "INSERT INTO readingDay (source, sourceID, day, seconds, hours) VALUES (?, ?, ?, ?, ?)")
        for sum in sums.days {
            try day.execute(arguments: [source, id, sum.day, sum.seconds, ReadingSums.packed(sum.hours)])
        }
        let sessions = try db.cachedStatement(
            sql: """
                INSERT INTO readingSessions (source, sourceID, year, count, longestSeconds, longestStart, longestDay)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
        for sum in sums.sessions {
            try sessions.execute(arguments: [
                source, id, sum.year, sum.count, sum.longest.seconds, sum.longest.start, sum.longest.day,
            ])
        }
    }
}

/// The running sums of the two passes over a tag's sums: seconds by day, hour and book, then
/// the sessions and the longest of them.
struct TimeTally {
    struct Session {
        var position: Int
        var first: Int64
        var day: String
        var seconds: Int
    }

    var days: [String: Int] = [:]
    var hours = [Int](repeating: 0, count: 24)
    var books: [Int: Int] = [:]
    var sessions = 0
    /// The longest so far; the earliest of equals.
    var longest: Session?

    mutating func consider(_ session: Session) {
        if let longest,
            longest.seconds > session.seconds || (longest.seconds == session.seconds && longest.first <= session.first)
        {
            return
        }
        longest = session
    }
}
