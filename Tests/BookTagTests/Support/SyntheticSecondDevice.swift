import Foundation
import GRDB

/// A reader's second e-reader, SYNTHETIC: the genuine KOReader database
/// (`fixtures/koreader/kompanion-statistics.sqlite3`, "Crime and Punishment", four rows on
/// 15 February 2025) copied and read on further, as a second device that syncs the same book
/// would have it. It overlaps the first device and adds to it:
/// - the genuine row at 1739643449 (page 37, 77 s) again, but 95 s long: the union keeps 95;
/// - the genuine rows at 1739643413 and 1739643560 again, unchanged: counted once;
/// - pages 48…60 on 16 February 2025 and the last page (1146) on 1 March 2025, at noon UTC, so the
///   book is finished on 1 March 2025 in any time zone from UTC−11 to UTC+11;
/// - "The Left Hand of Darkness" (304 pages, its own MD5), pages 1…30 on 10 June 2025, in progress.
enum SyntheticSecondDevice {
    static let genuine = Fixtures.packageRoot.appendingPathComponent("fixtures/koreader/kompanion-statistics.sqlite3")
    /// The genuine book's partial MD5, as KOReader's progress sync names the document.
    static let crimeAndPunishmentMD5 = "5ee88058c4346a122c4ccf80e36b1dc8"
    static let leftHandMD5 = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    /// 16 February 2025, 12:00 UTC.
    static let february16: Int64 = 1_739_707_200
    /// 1 March 2025, 12:00 UTC.
    static let march1: Int64 = 1_740_830_400
    /// 10 June 2025, 12:00 UTC.
    static let june10: Int64 = 1_749_556_800

    /// Writes the second device's database to `file`, self-contained (no `-wal` beside it), as
    /// KOReader uploads it.
    static func write(to file: URL) throws {
        try? FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: genuine, to: file)
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(
                    sql: "UPDATE page_stat_data SET duration = 95 WHERE id_book = 2 AND start_time = 1739643449")
                try db.execute(sql: "DELETE FROM page_stat_data WHERE id_book = 2 AND start_time = 1739643531")
                for page in 48...60 {
                    try db.execute(
                        sql: "INSERT INTO page_stat_data VALUES (2, ?, ?, ?, 1146)",
                        arguments: [page, february16 + Int64(page - 48) * 60, 40 + page % 7])
                }
                try db.execute(sql: "INSERT INTO page_stat_data VALUES (2, 1146, ?, 50, 1146)", arguments: [march1])
                try db.execute(
                    sql: "INSERT INTO book (id, title, authors, pages, md5) VALUES (3, ?, ?, 304, ?)",
                    arguments: ["The Left Hand of Darkness", "Ursula K. Le Guin", leftHandMD5])
                for page in 1...30 {
                    try db.execute(
                        sql: "INSERT INTO page_stat_data VALUES (3, ?, ?, ?, 304)",
                        arguments: [page, june10 + Int64(page) * 70, 55 + page % 9])
                }
                return .commit
            }
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        try queue.close()
    }

    /// The union of two devices' databases as the contract defines it, computed here in SQL of
    /// the test's own (never with booktag's code): a book is one across devices by its MD5 (else
    /// its title and authors), a row by its book, page and start, the longer duration kept.
    static func union(_ first: URL, _ second: URL, into file: URL) throws {
        try? FileManager.default.removeItem(at: file)
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS a", arguments: [first.path])
            try db.execute(sql: "ATTACH DATABASE ? AS b", arguments: [second.path])
            try db.execute(
                sql: """
                    CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer,
                        last_open integer, highlights integer, pages integer, series text, language text, md5 text,
                        total_read_time integer, total_read_pages integer);
                    CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
                        start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
                        total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time));
                    CREATE TEMP VIEW every_book AS
                        SELECT 'a' AS side, id, title, authors, pages, md5,
                               COALESCE(NULLIF(md5, ''), title || char(31) || COALESCE(authors, '')) AS key FROM a.book
                        UNION ALL
                        SELECT 'b', id, title, authors, pages, md5,
                               COALESCE(NULLIF(md5, ''), title || char(31) || COALESCE(authors, '')) FROM b.book;
                    CREATE TEMP VIEW every_row AS
                        SELECT 'a' AS side, id_book, page, start_time, duration, total_pages FROM a.page_stat_data
                        UNION ALL
                        SELECT 'b', id_book, page, start_time, duration, total_pages FROM b.page_stat_data;
                    INSERT INTO book (title, authors, pages, md5)
                        SELECT title, authors, pages, md5 FROM (
                            SELECT title, authors, pages, md5, max(side) FROM every_book GROUP BY key ORDER BY min(rowid));
                    INSERT INTO page_stat_data
                        SELECT n.id, r.page, r.start_time, max(r.duration), r.total_pages
                        FROM every_row r JOIN every_book e ON e.side = r.side AND e.id = r.id_book
                        JOIN book n ON COALESCE(NULLIF(n.md5, ''), n.title || char(31) || COALESCE(n.authors, '')) = e.key
                        GROUP BY n.id, r.page, r.start_time;
                    """)
            try db.execute(sql: "DETACH DATABASE a")
            try db.execute(sql: "DETACH DATABASE b")
        }
        try queue.close()
    }
}
