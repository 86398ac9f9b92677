import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// The sums `stats` reads instead of every interval: a session across New Year is one session of
/// the whole record and a piece of each year, and a v10 home's intervals are summed when it opens.
struct ReadingSumsTests {
    /// 23:50 on 31 December for 10 minutes, 00:02 on 1 January for 5 (2 minutes after: the same
    /// session), 10:00 on 1 March for 20 (a session of its own), all in UTC.
    static let intervals = [
        ReadingInterval(start: 1_740_823_200, seconds: 1_200, day: "2025-03-01", hour: 10),
        ReadingInterval(start: 1_735_689_000, seconds: 600, day: "2024-12-31", hour: 23),
        ReadingInterval(start: 1_735_689_720, seconds: 300, day: "2025-01-01", hour: 0),
    ]

    @Test func aSessionAcrossNewYearIsOneOfTheRecordAndAPieceOfEachYear() {
        let sums = ReadingSums(Self.intervals)
        let march = ReadingSums.Session(seconds: 1_200, start: 1_740_823_200, day: "2025-03-01")
        #expect(
            sums.sessions == [
                .init(year: 0, count: 2, longest: march),
                .init(
                    year: 2024, count: 1, longest: .init(seconds: 600, start: 1_735_689_000, day: "2024-12-31")),
                .init(year: 2025, count: 2, longest: march),
            ])
        var hours = [Int](repeating: 0, count: 24)
        hours[23] = 600
        #expect(sums.days.first == .init(day: "2024-12-31", seconds: 600, hours: hours))
        #expect(sums.days.map(\.day) == ["2024-12-31", "2025-01-01", "2025-03-01"])
        // Ties go to the earlier session.
        let twins = ReadingSums([
            ReadingInterval(start: 1_740_900_000, seconds: 900, day: "2025-03-02", hour: 7),
            ReadingInterval(start: 1_740_823_200, seconds: 900, day: "2025-03-01", hour: 10),
        ])
        #expect(twins.sessions.first?.longest.day == "2025-03-01" && twins.sessions.first?.count == 2)
        #expect(ReadingSums.packed(hours).count == 96)
    }

    @Test func aV10HomesIntervalsAreSummedWhenItOpens() throws {
        let temporary = try MigrationTests.v1Home()
        let queue = try DatabaseQueue(path: temporary.home.databaseFile.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v10: the time a reader's device recorded")
        // The book whose details the home keeps (an interval needs its book's row), and its tag.
        let (id, tagName): (String, String) = try queue.write { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT tagBook.sourceID, tag.name FROM tagBook JOIN tag ON tag.id = tagBook.tagId
                    JOIN book ON book.source = tagBook.source AND book.sourceID = tagBook.sourceID LIMIT 1
                    """)!
            let id: String = row[0]
            for interval in Self.intervals {
                try db.execute(
                    sql: "INSERT INTO readingInterval VALUES ('goodreads', ?, ?, ?, ?, ?)",
                    arguments: [id, interval.start, interval.seconds, interval.day, interval.hour])
            }
            return (id, row[1])
        }
        try queue.close()
        let store = try BookStore.open(home: temporary.home)
        #expect(try store.integrityCheck())
        let time = try #require(try store.stats(of: TagName(tagName)).time)
        #expect(time.seconds == 2_100 && time.readingDays == 3)
        #expect(time.sessions == 2, "the session across New Year is one of the whole record")
        #expect(time.longestSession?.seconds == 1_200 && time.longestSession?.day == "2025-03-01")
        #expect(time.longestSession?.id == BookID(source: .goodreads, value: id))
        var hours = [Int](repeating: 0, count: 24)
        (hours[23], hours[0], hours[10]) = (600, 300, 1_200)
        #expect(time.hours == hours)
        // A year's sessions are its pieces: 2025 holds the five minutes after midnight and March's.
        let year = try store.read { db in
            let tag = try Int64.fetchOne(db, sql: "SELECT id FROM tag WHERE name = ?", arguments: [tagName])!
            return try BookStore.readingTime(ofTag: tag, year: 2025, in: db)
        }
        #expect(
            year?.time.seconds == 1_500 && year?.time.sessions == 2
                && year?.days == ["2025-01-01": 300, "2025-03-01": 1_200])
        // Its book's row going takes its sums with it.
        try store.write { db in
            try db.execute(sql: "DELETE FROM tagBook WHERE sourceID = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM book WHERE sourceID = ?", arguments: [id])
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM readingDay") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM readingSessions") == 0)
        }
    }
}
