import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The reader's year on dates readers really type: the future, 29 February, a year with no
/// dated read, a Goodreads export that keeps only finishes.
extension ReadingYearTests {
    static func book(_ number: Int, _ reading: Reading) -> StatsBook {
        StatsBook(id: .openLibrary("OL\(number)W"), title: "Book \(number)", reading: reading)
    }

    @Test func daysAfterTodayAreNotReadingDays() throws {
        let today = CalendarDay(year: 2026, month: 11, day: 26)!
        let stats = TagStats(
            tag: "2026", year: 2026, readingRecords: true,
            books: [
                Self.book(1, Reading(stars: nil, readDates: ["2026-12-20"], readStarts: ["2026-12-20": "2026-11-20"])),
                Self.book(2, Reading(stars: nil, readDates: ["2027-01-02"], readStarts: ["2027-01-02": "2026-12-01"])),
            ], today: today)
        let calendar = try #require(stats.calendar)
        #expect(calendar.days.count == 365 && calendar.daysSoFar == 330)
        #expect(calendar.readingDays == 7, "20 to 26 November; nothing after today")
        #expect(stats.books == 2, "the books still count")
    }

    @Test func twentyNinthOfFebruaryOnlyInALeapYear() throws {
        let reading = Reading(stars: nil, readDates: ["2024-02-29", "2025-02-29", "2025-02-30"])
        #expect(reading.readDates == ["2024-02-29"], "days that do not exist are dropped")
        let leap = try #require(
            TagStats(tag: "2024", year: 2024, readingRecords: true, books: [Self.book(1, reading)], today: Self.today)
                .calendar)
        #expect(leap.days.count == 366 && leap.days[59] == 1 && leap.readingDays == 1)
        #expect(CalendarDay("2025-02-29") == nil && CalendarDay("2024-02-29")?.text == "2024-02-29")
        #expect(CalendarDay.firstOf(year: 2024).weekday == 0 && CalendarDay.firstOf(year: 2025).weekday == 2)
    }

    @Test func aYearWithNoDatedReadHasNoCalendarAndSaysWhy() throws {
        let stats = TagStats(
            tag: "shelf", year: 2025, readingRecords: true,
            books: [Self.book(1, Reading(stars: 4)), Self.book(2, Reading(stars: nil, readDates: ["2023-05-01"]))],
            today: Self.today)
        #expect(stats.calendar == nil && stats.calendarNote == "no reading calendar: no book has a read day in 2025")
        let json = String(decoding: try JSONEncoder().encode(stats), as: UTF8.self)
        #expect(json.contains("\"calendar\":null") && json.contains("\"readingDays\":null"))
        let search = TagStats(
            tag: "fantasy", year: nil, readingRecords: false, books: [Self.book(1, Reading(stars: 4))])
        #expect(search.calendar == nil && search.calendarNote == nil && search.rereads == nil)
    }

    /// A Goodreads export (SYNTHETIC rows in Goodreads' columns) keeps only the day each book was
    /// finished: the calendar marks those days and no other.
    @Test func aGoodreadsExportMarksFinishDaysOnly() throws {
        let rows = SyntheticExport.books(count: 60)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("goodreads-\(UUID().uuidString).csv")
        try Data(SyntheticExport.csv(rows).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var books: [ImportedBook] = []
        _ = try ExportReader.read(file) { books.append($0) }
        let plan = try #require(try ExportSelection(format: .goodreads, year: 2025).plans(for: books).first)
        let stats = Self.stats(try plan.rows.all(), year: 2025, context: plan.yearContext)
        let finishes = rows.compactMap(\.dateRead).filter { $0.hasPrefix("2025/") }.compactMap(Self.date)
        let expected = Self.independentCalendar(finishes.map { (nil, $0) }, year: 2025)
        #expect(stats.calendar?.days == expected && stats.calendar?.readingDays == Set(finishes).count)
        #expect(stats.previous?.books == rows.count { $0.dateRead?.hasPrefix("2024/") == true })
    }
}
