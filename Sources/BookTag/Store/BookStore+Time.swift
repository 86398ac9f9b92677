import GRDB

extension BookStore {
    /// The reading time of the tag `tagID`'s books over their intervals in `year` (all of them
    /// without one), and the seconds of each local day; `nil` when none of its books has any.
    /// Summed by SQLite from the `readingInterval` covering index: a year of 50,000 intervals
    /// is never turned into 50,000 Swift values.
    static func readingTime(ofTag tagID: Int64, year: Int?, in db: Database) throws
        -> (time: ReadingTime, days: [String: Int])?
    {
        var filter = "tagBook.tagId = :tag"
        var arguments: [String: (any DatabaseValueConvertible)?] = ["tag": tagID]
        if let year {
            filter += " AND readingInterval.day BETWEEN :first AND :last"
            arguments["first"] = "\(year)-01-01"
            arguments["last"] = "\(year)-12-31"
        }
        let joined = """
            FROM tagBook
            JOIN readingInterval ON readingInterval.source = tagBook.source AND readingInterval.sourceID = tagBook.sourceID
            WHERE \(filter)
            """
        let statementArguments = StatementArguments(arguments)
        var days: [String: Int] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT day, SUM(seconds) \(joined) GROUP BY day", arguments: statementArguments)
        {
            days[row[0]] = row[1]
        }
        guard !days.isEmpty else { return nil }
        var hours = [Int](repeating: 0, count: 24)
        for row in try Row.fetchAll(
            db, sql: "SELECT hour, SUM(seconds) \(joined) GROUP BY hour", arguments: statementArguments)
        {
            let hour: Int = row[0]
            if hours.indices.contains(hour) { hours[hour] = row[1] }
        }
        let books = try Row.fetchAll(
            db,
            sql: """
                SELECT tagBook.source, tagBook.sourceID, tagBook.title, SUM(readingInterval.seconds) AS seconds
                \(joined) GROUP BY tagBook.position ORDER BY seconds DESC, tagBook.position LIMIT 5
                """, arguments: statementArguments
        ).map {
            ReadingTime.BookTime(
                id: BookID(source: SourceKind(storedValue: $0[0]), value: $0[1]), title: $0[2], seconds: $0[3])
        }
        // Sessions: an interval opens one unless it starts less than the gap after the previous
        // interval of the same book ended; each session's first day and its seconds.
        let sessions = try Row.fetchAll(
            db,
            sql: """
                WITH timed AS (
                    SELECT tagBook.position AS position, tagBook.source AS source, tagBook.sourceID AS sourceID,
                           tagBook.title AS title, readingInterval.start AS start, readingInterval.seconds AS seconds,
                           readingInterval.day AS day,
                           readingInterval.start - LAG(readingInterval.start + readingInterval.seconds) OVER (
                               PARTITION BY tagBook.position ORDER BY readingInterval.start, readingInterval.seconds) AS gap
                    \(joined)
                ), numbered AS (
                    SELECT *, SUM(CASE WHEN gap < :gap THEN 0 ELSE 1 END) OVER (
                        PARTITION BY position ORDER BY start, seconds ROWS UNBOUNDED PRECEDING) AS session
                    FROM timed
                )
                SELECT MIN(start) AS first, day, SUM(seconds), source, sourceID, title
                FROM numbered GROUP BY position, session
                """,
            arguments: statementArguments + ["gap": ReadingTime.sessionGap])
        var longest: (first: Int64, session: ReadingTime.Session)?
        for row in sessions {
            let first: Int64 = row[0]
            let seconds: Int = row[2]
            if let best = longest,
                best.session.seconds > seconds || (best.session.seconds == seconds && best.first <= first)
            {
                continue
            }
            longest = (
                first,
                ReadingTime.Session(
                    seconds: seconds, day: row[1], id: BookID(source: SourceKind(storedValue: row[3]), value: row[4]),
                    title: row[5])
            )
        }
        let total = days.values.reduce(0, +)
        let time = ReadingTime(
            seconds: total, sessions: sessions.count, readingDays: days.count,
            perReadingDay: Int((Double(total) / Double(days.count)).rounded()), longestSession: longest?.session,
            hours: hours, books: books)
        return (time, days)
    }
}
