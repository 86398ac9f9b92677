import GRDB
import GRDBSQLite

extension BookStore {
    /// The reading time of the tag `tagID`'s books over their intervals in `year` (all of them
    /// without one), and the seconds of each local day; `nil` when none of its books has any.
    /// One pass over the `readingInterval` covering index, in the tag's order and each book's
    /// start order (no sort), read with SQLite's own calls: a year of 50,000 intervals is summed
    /// without a Swift value per row (four grouped queries took 0.5 s, `Benchmarks/koreader.py`).
    static func readingTime(ofTag tagID: Int64, year: Int?, in db: Database) throws
        -> (time: ReadingTime, days: [String: Int])?
    {
        // Most homes hold no device's time: one look at the table spares every other tag's
        // `stats` a probe of the index per book (20,000 for the largest tags).
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM readingInterval)") == true else { return nil }
        var sql = """
            SELECT tagBook.position, readingInterval.start, readingInterval.seconds, readingInterval.hour,
                   readingInterval.day
            FROM tagBook
            JOIN readingInterval ON readingInterval.source = tagBook.source AND readingInterval.sourceID = tagBook.sourceID
            WHERE tagBook.tagId = ?
            """
        var arguments: StatementArguments = [tagID]
        if let year {
            sql += " AND readingInterval.day BETWEEN ? AND ?"
            arguments += ["\(year)-01-01", "\(year)-12-31"]
        }
        sql += " ORDER BY tagBook.position, readingInterval.start, readingInterval.seconds"
        let statement = try db.makeStatement(sql: sql)
        statement.arguments = arguments
        let sqlite = statement.sqliteStatement
        var tally = TimeTally()
        var dayBytes: [UInt8] = []
        var day = ""
        let cursor = try Row.fetchCursor(statement)
        while try cursor.next() != nil {
            // A day's name is made into a String only when it changes (rows come in start order).
            let length = Int(sqlite3_column_bytes(sqlite, 4))
            if let text = sqlite3_column_text(sqlite, 4) {
                let bytes = UnsafeBufferPointer(start: text, count: length)
                if !bytes.elementsEqual(dayBytes) {
                    dayBytes = Array(bytes)
                    day = String(decoding: bytes, as: UTF8.self)
                }
            }
            tally.add(
                position: Int(sqlite3_column_int64(sqlite, 0)), start: sqlite3_column_int64(sqlite, 1),
                seconds: Int(sqlite3_column_int64(sqlite, 2)), hour: Int(sqlite3_column_int64(sqlite, 3)), day: day)
        }
        tally.finish()
        guard !tally.days.isEmpty else { return nil }
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
}

/// The running sums of one pass over a tag's intervals, in the tag's order and each book's start
/// order: seconds by day, hour and book, and sessions (a book's intervals each starting less
/// than `ReadingTime.sessionGap` after the one before ended).
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
    private var current: Session?
    private var previousEnd: Int64 = 0
    /// The day and book being summed: added to `days` and `books` when they change, not per row.
    private var day = (name: "", seconds: 0)
    private var book = (position: -1, seconds: 0)

    mutating func add(position: Int, start: Int64, seconds: Int, hour: Int, day name: String) {
        if name != day.name {
            flushDay()
            day.name = name
        }
        day.seconds += seconds
        if position != book.position {
            flushBook()
            book.position = position
        }
        book.seconds += seconds
        if hours.indices.contains(hour) { hours[hour] += seconds }
        if let current, current.position == position, start - previousEnd < Int64(ReadingTime.sessionGap) {
            self.current?.seconds += seconds
        } else {
            closeSession()
            current = Session(position: position, first: start, day: name, seconds: seconds)
        }
        previousEnd = start + Int64(seconds)
    }

    /// Adds what is still being summed.
    mutating func finish() {
        flushDay()
        flushBook()
        closeSession()
    }

    private mutating func flushDay() {
        if day.seconds > 0 { days[day.name, default: 0] += day.seconds }
        day = ("", 0)
    }

    private mutating func flushBook() {
        if book.seconds > 0 { books[book.position, default: 0] += book.seconds }
        book = (-1, 0)
    }

    mutating func closeSession() {
        guard let current else { return }
        sessions += 1
        if let longest,
            longest.seconds > current.seconds
                || (longest.seconds == current.seconds && longest.first <= current.first)
        {
            self.current = nil
            return
        }
        longest = current
        self.current = nil
    }
}
