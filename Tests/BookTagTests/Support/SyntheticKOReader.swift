import Foundation
import GRDB

/// SYNTHETIC KOReader statistics databases, in the plugin's own schema (its `book` and
/// `page_stat_data` tables as schema 20221111 creates them, or the pre-2020 `page_stat` table
/// with `period`), holding a reader's made-up year. All times are chosen in UTC+1, the offset the
/// tests read them in:
/// 1. "The Glass Orchard": 300 pages when read, 250 now (a larger font): one row a page from
///    1 February 2025, the last page on 13 March 2025, so finished only after rescaling.
/// 2. "North of Winter": 120 pages from 31 December 2024 to 2 January 2025, finished then.
/// 3. "A Year of Small Hours": 800 pages, 2,000 rows through 2025 never past page 700.
/// 4. KOReader's own "KOReader Quickstart Guide", read for 200 s.
/// 5. "Glanced At", 40 s in all.
enum SyntheticKOReader {
    enum Layout {
        case pageStatData
        case pageStat
    }

    /// 2025-01-01 00:00 in UTC+1, as epoch seconds.
    static let newYear2025: Int64 = 1_735_686_000
    static let day: Int64 = 86_400

    static func write(to file: URL, layout: Layout) throws {
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE book (id integer PRIMARY KEY autoincrement, title text, authors text, notes integer,
                        last_open integer, highlights integer, pages integer, series text, language text, md5 text,
                        total_read_time integer, total_read_pages integer);
                    CREATE UNIQUE INDEX book_title_authors_md5 ON book(title, authors, md5);
                    """)
            switch layout {
            case .pageStatData:
                try db.execute(
                    sql: """
                        CREATE TABLE page_stat_data (id_book integer, page integer NOT NULL DEFAULT 0,
                            start_time integer NOT NULL DEFAULT 0, duration integer NOT NULL DEFAULT 0,
                            total_pages integer NOT NULL DEFAULT 0, UNIQUE (id_book, page, start_time),
                            FOREIGN KEY(id_book) REFERENCES book(id));
                        CREATE INDEX page_stat_data_start_time ON page_stat_data(start_time);
                        PRAGMA user_version = 20221111;
                        """)
            case .pageStat:
                try db.execute(
                    sql: """
                        CREATE TABLE page_stat (id_book integer, page integer NOT NULL, start_time integer NOT NULL,
                            period integer NOT NULL, UNIQUE (page, start_time), FOREIGN KEY(id_book) REFERENCES book(id));
                        """)
            }
            let orchardPages = layout == .pageStatData ? 250 : 300
            let books: [(Int, String, String, Int)] = [
                (1, "The Glass Orchard", "Mira Okafor", orchardPages), (2, "North of Winter", "Lars Eklund", 120),
                (3, "A Year of Small Hours", "Ines Duarte", 800), (4, "KOReader Quickstart Guide", "N/A", 20),
                (5, "Glanced At", "Someone Else", 310),
            ]
            for (id, title, authors, pages) in books {
                try db.execute(
                    sql: "INSERT INTO book (id, title, authors, pages, md5) VALUES (?, ?, ?, ?, ?)",
                    arguments: [id, title, authors, pages, String(format: "%032x", id)])
            }
            func row(_ book: Int, _ page: Int, _ start: Int64, _ seconds: Int, _ total: Int) throws {
                switch layout {
                case .pageStatData:
                    try db.execute(
                        sql: "INSERT INTO page_stat_data VALUES (?, ?, ?, ?, ?)",
                        arguments: [book, page, start, seconds, total])
                case .pageStat:
                    try db.execute(
                        sql: "INSERT INTO page_stat VALUES (?, ?, ?, ?)", arguments: [book, page, start, seconds])
                }
            }
            // 1: seven or eight pages an evening (21:00) from 1 February; page 300 on 13 March.
            let february = newYear2025 + 31 * day + 21 * 3600
            for page in 1...300 {
                let evening = Int64((page - 1) * 41 / 300)
                try row(1, page, february + evening * day + Int64(page % 8) * 70, 45 + page % 30, 300)
            }
            // 2: from 20:00 on 31 December 2024 to 10:00 on 2 January 2025.
            let eve = newYear2025 - 4 * 3600
            for page in 1...120 {
                let start = page <= 60 ? eve + Int64(page) * 90 : newYear2025 + day + 9 * 3600 + Int64(page) * 30
                try row(2, page, start, 25 + page % 20, 120)
            }
            // 3: 2,000 rows, every 4.4 hours from 5 January, pages 1…700 and round again.
            for index in 0..<2000 {
                try row(3, 1 + index % 700, newYear2025 + 4 * day + Int64(index) * 15_840, 10 + index % 110, 800)
            }
            for page in 1...10 { try row(4, page, newYear2025 + 3 * day + Int64(page) * 30, 20, 20) }
            for page in 1...4 { try row(5, page, newYear2025 + 50 * day + Int64(page) * 15, 10, 310) }
        }
        try queue.close()
    }
}
