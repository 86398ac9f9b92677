import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// KOReader's statistics database read as the importer reads it: the genuine one from the
/// kompanion project, and SYNTHETIC ones made here in KOReader's schema (a year of rows with a
/// book whose page count changed, one read across New Year, one in progress, KOReader's guide, a
/// book opened for 40 seconds; the pre-2020 layout; a database with rows still in its WAL).
/// Expected figures come from SQL over the file, never from booktag's code.
@Suite struct KOReaderReaderTests {
    static let genuine = Fixtures.packageRoot.appendingPathComponent("fixtures/koreader/kompanion-statistics.sqlite3")
    /// A fixed offset, so the test's SQL can shift epoch seconds to the reader's days itself.
    static let zone = TimeZone(secondsFromGMT: 3600)!

    static func books(_ file: URL) throws -> [ImportedBook] {
        var books: [ImportedBook] = []
        let scratch = try TemporaryHome()
        _ = try KOReaderReader.read(file, scratch: scratch.folder, timeZone: zone) { books.append($0) }
        return books
    }

    @Test func theGenuineDatabaseIsRecognisedReadAndLeftUnchanged() throws {
        let before = try Data(contentsOf: Self.genuine)
        #expect(try LibraryFormat.detect(Self.genuine) == .koreader)
        var books: [ImportedBook] = []
        let summary = try KOReaderReader.read(Self.genuine, scratch: try TemporaryHome().folder, timeZone: Self.zone) {
            books.append($0)
        }
        // Two book rows; the one with no page rows (0 s) is left out and counted.
        #expect(summary.rows == 2 && summary.leftOut == 1)
        #expect(books.map(\.title) == ["Crime and Punishment"] && books[0].author == "Fyodor Dostoevsky")
        #expect(books[0].shelves == ["currently-reading"] && books[0].dateRead == nil && books[0].pageCount == 1146)
        #expect(try Data(contentsOf: Self.genuine) == before)
        let folder = Self.genuine.deletingLastPathComponent().path
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                "PROVENANCE.md", Self.genuine.lastPathComponent,
            ])
    }

    @Test func aYearOfRowsGivesTheFinishedBooksTheSQLGives() throws {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: file, layout: .pageStatData)
        let books = try Self.books(file)
        let queue = try DatabaseQueue(path: file.path)
        // Finished: a row whose last page, rescaled to today's count, reaches it; on the day of
        // the first such row. Left out: the guide and books under 60 s.
        let expected = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT b.title, (SELECT date(MIN(s.start_time) + 3600, 'unixepoch') FROM page_stat_data s
                        WHERE s.id_book = b.id AND s.duration > 0 AND max(((s.page - 1) * b.pages) / s.total_pages + 1,
                            (s.page * b.pages) / s.total_pages) >= b.pages) AS finished
                    FROM book b WHERE b.title != 'KOReader Quickstart Guide'
                        AND (SELECT SUM(duration) FROM page_stat_data WHERE id_book = b.id) >= 60
                    ORDER BY b.id
                    """
            ).map { ($0["title"] as String, $0["finished"] as String?) }
        }
        #expect(books.map(\.title) == expected.map(\.0))
        #expect(books.map(\.dateRead) == expected.map(\.1))
        #expect(expected.map(\.1) == ["2025-03-13", "2025-01-02", nil], "the synthetic year is as meant")
        #expect(books.map { $0.shelves } == [["read"], ["read"], ["currently-reading"]])
        #expect(books[1].readStarts == ["2025-01-02": "2024-12-31"], "read across New Year")
        #expect(books[1].wasRead(in: 2025) && !books[1].wasRead(in: 2024))
    }

    @Test func thePre2020LayoutIsReadByItsPeriods() throws {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: file, layout: .pageStat)
        #expect(try LibraryFormat.detect(file) == .koreader)
        let books = try Self.books(file)
        let finished = try DatabaseQueue(path: file.path).read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT b.title FROM book b WHERE EXISTS (SELECT 1 FROM page_stat s WHERE s.id_book = b.id AND s.page >= b.pages)
                        AND b.title != 'KOReader Quickstart Guide' AND (SELECT SUM(period) FROM page_stat WHERE id_book = b.id) >= 60
                    ORDER BY b.id
                    """)
        }
        #expect(books.filter { $0.dateRead != nil }.map(\.title) == finished)
        #expect(books.count == 3)
    }

    @Test func rowsStillInTheLogAreReadAndTheFilesLeftAsTheyWere() throws {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: file, layout: .pageStatData)
        // KOReader holds the database open in WAL mode: a book added since the last checkpoint
        // is only in statistics.sqlite3-wal.
        let writer = try DatabaseQueue(path: file.path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(
                sql: "INSERT INTO book (id, title, authors, pages, md5) VALUES (90, 'Only In The Log', 'N/A', 10, '')")
            try db.execute(
                sql: "INSERT INTO page_stat_data VALUES (90, 10, ?, 100, 10)", arguments: [1_740_000_000])
        }
        let names = { try FileManager.default.contentsOfDirectory(atPath: folder.folder.path).sorted() }
        let before = try names().map { try Data(contentsOf: folder.folder.appendingPathComponent($0)) }
        #expect(try names().contains("statistics.sqlite3-wal"))
        let books = try Self.books(file)
        let logged = try #require(books.first { $0.title == "Only In The Log" })
        #expect(logged.author == nil, "KOReader's N/A is no author")
        #expect(logged.dateRead == "2025-02-19")
        #expect(try names().map { try Data(contentsOf: folder.folder.appendingPathComponent($0)) } == before)
        try writer.close()
    }

    @Test func aFileThatIsNotKOReadersIsOneClearError() throws {
        let folder = try TemporaryHome()
        let other = folder.folder.appendingPathComponent("other.sqlite3")
        try DatabaseQueue(path: other.path).write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        #expect(!KOReaderReader.isStatistics(other))
        #expect(throws: ExportError.self) { try KOReaderReader.read(other, scratch: folder.folder) { _ in } }
        let cut = folder.folder.appendingPathComponent("cut.sqlite3")
        try Data(try Data(contentsOf: Self.genuine).prefix(5000)).write(to: cut)
        #expect(throws: ExportError.self) { try KOReaderReader.read(cut, scratch: folder.folder) { _ in } }
    }

    /// Rows no device could write are skipped one by one and counted; a row whose page count is
    /// 0 is kept as it is (no rescaling, no division).
    @Test func impossibleRowsAreSkippedAndCounted() throws {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: file, layout: .pageStatData)
        let future = Int64(Date().timeIntervalSince1970) + 30 * 86_400
        try DatabaseQueue(path: file.path).write { db in
            for (page, start, seconds) in [
                (901, SyntheticKOReader.newYear2025, -30), (902, 900_000_000, 40), (903, future, 40),
                (904, SyntheticKOReader.newYear2025, 0), (905, SyntheticKOReader.newYear2025, 90_000),
            ] as [(Int, Int64, Int)] {
                try db.execute(
                    sql: "INSERT INTO page_stat_data VALUES (3, ?, ?, ?, 800)", arguments: [page, start, seconds])
            }
            try db.execute(
                sql: "INSERT INTO page_stat_data VALUES (3, 12, ?, 50, 0)",
                arguments: [SyntheticKOReader.newYear2025 + 86_400])
        }
        var books: [ImportedBook] = []
        let summary = try KOReaderReader.read(file, scratch: folder.folder, timeZone: Self.zone) { books.append($0) }
        #expect(summary.skippedIntervals == 5)
        let small = try #require(books.first { $0.title == "A Year of Small Hours" })
        let kept = try DatabaseQueue(path: file.path).read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM page_stat_data WHERE id_book = 3 AND duration > 0 AND duration <= 86400
                        AND start_time >= 946684800 AND start_time <= strftime('%s', 'now')
                    """)
        }
        #expect(small.intervals.count == kept && small.intervals.contains { $0.seconds == 50 })
        #expect(small.shelves == ["currently-reading"], "a 0-page row does not finish the book")
    }

    /// A damaged file whose index of rows disagrees with the rows (SYNTHETIC: libFuzzer's
    /// mutation of a one-book database, kept in Fuzz/Regressions): SQLite gives a NULL book id for
    /// a row its query asked to be non-NULL. The row is skipped and counted; the book is read.
    @Test func aRowWithoutABookFromADamagedIndexIsSkipped() throws {
        let input = try Data(
            contentsOf: Fixtures.packageRoot.appendingPathComponent(
                "Fuzz/Regressions/library/crash-koreader-null-id-from-a-damaged-index"))
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("statistics.sqlite3")
        try input.dropFirst().write(to: file)
        let nulls = try DatabaseQueue(path: file.path).read { db in
            try Row.fetchAll(db, sql: KOReaderReader.Schema.pageStatData.rowsQuery).filter { $0[0] == nil }.count
        }
        #expect(nulls == 1, "the file still gives its NULL")
        var books: [ImportedBook] = []
        let summary = try KOReaderReader.read(file, scratch: folder.folder, timeZone: Self.zone) { books.append($0) }
        #expect(books.map(\.title) == ["Short Book"])
        #expect(summary.skippedIntervals >= 1)
    }
}
