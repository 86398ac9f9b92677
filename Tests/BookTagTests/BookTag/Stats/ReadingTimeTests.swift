import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// Reading time end to end: KOReader's statistics imported by the command (in UTC+1, the
/// SYNTHETIC database's zone), then `stats --json` against figures the test computes itself
/// from the database file, with SQL and a loop of its own, never with booktag's code.
@Suite struct ReadingTimeTests {
    /// One row of the file, on the reader's day and hour (UTC+1).
    struct FileRow {
        var book: Int64
        var title: String
        var start: Int64
        var seconds: Int
        var day: String
        var hour: Int
    }

    /// What the file says of `titles`' rows in `year` (every year for `nil`).
    static func fileRows(_ file: URL, titles: [String], year: Int?) throws -> [FileRow] {
        let list = titles.map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" }.joined(separator: ", ")
        return try DatabaseQueue(path: file.path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id_book, b.title, s.start_time, s.duration,
                           date(s.start_time + 3600, 'unixepoch') AS day,
                           CAST(strftime('%H', s.start_time + 3600, 'unixepoch') AS INTEGER) AS hour
                    FROM page_stat_data s JOIN book b ON b.id = s.id_book
                    WHERE b.title IN (\(list)) AND s.duration > 0
                      AND (? IS NULL OR day BETWEEN ? || '-01-01' AND ? || '-12-31')
                    ORDER BY s.id_book, s.start_time, s.duration
                    """, arguments: [year, year, year]
            ).map { FileRow(book: $0[0], title: $0[1], start: $0[2], seconds: $0[3], day: $0[4], hour: $0[5]) }
        }
    }

    /// Sessions by the contract's rule, counted here: (first day, seconds, title) of each.
    static func sessions(_ rows: [FileRow]) -> [(day: String, seconds: Int, title: String)] {
        var sessions: [(day: String, seconds: Int, title: String)] = []
        var previous: FileRow?
        for row in rows {
            if let previous, previous.book == row.book, row.start - (previous.start + Int64(previous.seconds)) < 600 {
                sessions[sessions.count - 1].seconds += row.seconds
            } else {
                sessions.append((row.day, row.seconds, row.title))
            }
            previous = row
        }
        return sessions
    }

    static func importedStats(year: Int?) async throws -> (stats: [String: Any], file: URL, home: TemporaryHome) {
        let home = try TemporaryHome()
        let openLibrary = try FakeOpenLibrary(books: [])
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let file = home.folder.appendingPathComponent("statistics.sqlite3")
        try SyntheticKOReader.write(to: file, layout: .pageStatData)
        let zone = ["TZ": "Etc/GMT-1"]
        let imported = try await BooktagProcess.run(
            ["import", file.path, "--tag", "koreader", "--home", home.folder.path]
                + (year.map { ["--year", String($0)] } ?? []), environment: zone)
        #expect(imported.status == 0, "\(imported.errors)")
        let run = try await BooktagProcess.run(
            ["stats", "koreader", "--json", "--home", home.folder.path], environment: zone)
        #expect(run.status == 0, "\(run.errors)")
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return (stats, file, home)
    }

    @Test func aYearsTimeIsTheFilesOwn() async throws {
        let (stats, file, home) = try await Self.importedStats(year: 2025)
        defer { withExtendedLifetime(home) {} }
        // --year 2025 keeps the two books finished in 2025; only their rows of 2025 count (the
        // evening of 31 December 2024 is the year before).
        let titles = ["The Glass Orchard", "North of Winter"]
        let rows = try Self.fileRows(file, titles: titles, year: 2025)
        #expect(rows.count > 300 && rows.contains { $0.title == "North of Winter" })
        #expect(stats["calendarUnit"] as? String == "seconds")
        let time = try #require(stats["time"] as? [String: Any])
        let total = rows.reduce(0) { $0 + $1.seconds }
        let days = Dictionary(grouping: rows, by: \.day).mapValues { $0.reduce(0) { $0 + $1.seconds } }
        #expect(time["seconds"] as? Int == total)
        #expect(time["readingDays"] as? Int == days.count)
        #expect(time["perReadingDay"] as? Int == Int((Double(total) / Double(days.count)).rounded()))
        var hours = [Int](repeating: 0, count: 24)
        for row in rows { hours[row.hour] += row.seconds }
        #expect(time["hours"] as? [Int] == hours)
        let sessions = Self.sessions(rows)
        #expect(time["sessions"] as? Int == sessions.count)
        let longest = try #require(sessions.max { $0.seconds < $1.seconds })
        let reported = try #require(time["longestSession"] as? [String: Any])
        #expect(reported["seconds"] as? Int == longest.seconds && reported["title"] as? String == longest.title)
        #expect(reported["day"] as? String == longest.day)
        let byBook = Dictionary(grouping: rows, by: \.title).mapValues { $0.reduce(0) { $0 + $1.seconds } }
        let books = try #require(time["books"] as? [[String: Any]])
        #expect(books.map { $0["title"] as? String } == byBook.sorted { $0.value > $1.value }.map(\.key))
        #expect(books.map { $0["seconds"] as? Int } == byBook.values.sorted(by: >))
        // The calendar: the seconds of each day of 2025.
        let calendar = try #require(stats["calendar"] as? [Int])
        #expect(calendar.count == 365)
        let first = try #require(CalendarDay("2025-01-01"))
        var expected = [Int](repeating: 0, count: 365)
        for (day, seconds) in days { expected[first.distance(to: try #require(CalendarDay(day)))] = seconds }
        #expect(calendar == expected)
        #expect(stats["readingDays"] as? Int == days.count)

        // The terminal block: the time in words, the calendar's scale in words, the hours.
        let text = try await BooktagProcess.run(
            ["stats", "koreader", "--home", home.folder.path], environment: ["TZ": "Etc/GMT-1"])
        let minutes = Int((Double(longest.seconds) / 60).rounded())
        let longestWords = minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
        #expect(text.output.contains("longest session \(longestWords)"), "\(text.output)")
        #expect(text.output.contains("more: 0, under 15 min, under 1 h, under 2 h, more"))
        #expect(text.output.contains("\(sessions.count) on \(days.count) days"))

        // Serve's tag page: the same words, the calendar's scale in its caption, the hours chart.
        let server = try await ServeProcess(home: home.folder, environment: ["TZ": "Etc/GMT-1"])
        defer { server.process.terminate() }
        let page = try await server.request("GET", "/tags/koreader").text
        #expect(page.contains("longest session \(longestWords)"), "\(page.prefix(2000))")
        #expect(page.contains("shaded by time read, less … more: 0, under 15 min, under 1 h, under 2 h, more"))
        let midnight = Int((Double(hours[0]) / 60).rounded())
        #expect(page.contains("aria-label=\"minutes read by hour of the day: 0 \(midnight), 1 "))
    }

    @Test func aTagWithoutAYearCountsEveryRow() async throws {
        let (stats, file, home) = try await Self.importedStats(year: nil)
        defer { withExtendedLifetime(home) {} }
        let titles = ["The Glass Orchard", "North of Winter", "A Year of Small Hours"]
        let rows = try Self.fileRows(file, titles: titles, year: nil)
        let time = try #require(stats["time"] as? [String: Any])
        #expect(time["seconds"] as? Int == rows.reduce(0) { $0 + $1.seconds })
        #expect(time["sessions"] as? Int == Self.sessions(rows).count)
        #expect(stats["calendar"] is NSNull && stats["calendarUnit"] as? String == "seconds")
        let books = try #require(time["books"] as? [[String: Any]])
        #expect(books.first?["title"] as? String == "A Year of Small Hours" && books.count == 3)
        // Open Library knew none of them: every cover is drawn, and the wall credits no service.
        let page = home.folder.appendingPathComponent("wall.html")
        let collage = try await BooktagProcess.run([
            "collage", "koreader", "--format", "html", "--output", page.path, "--home", home.folder.path,
        ])
        #expect(collage.status == 0, "\(collage.errors)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<p>3 books</p>") && !html.contains("books from"), "\(html.prefix(3000))")
    }
}
