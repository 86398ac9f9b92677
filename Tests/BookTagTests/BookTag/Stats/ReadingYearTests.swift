import BookTagTestSupport
import CSV
import Foundation
import Testing

@testable import BookTag

/// The reader's year on the genuine StoryGraph and LibraryThing exports (fixtures/libraries,
/// PROVENANCE.md): the calendar, `readingDays`, `longestRun`, `rereads` and `previous` against
/// counts made here from the files' columns with Foundation's own calendar, not booktag's.
@Suite struct ReadingYearTests {
    /// Today, fixed, so that a year in the fixtures is wholly past.
    static let today = CalendarDay(year: 2026, month: 11, day: 26)!

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `2025/01/26` or `2025-01-26` as a date, by Foundation.
    static func date(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" }).compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    /// Per day of `year`, the reads in progress or finished, from (start, finish) pairs: every day
    /// from the start through the finish, or the finish alone with no start or a start after it.
    static func independentCalendar(_ reads: [(start: Date?, finish: Date)], year: Int) -> [Int] {
        let first = utc.date(from: DateComponents(year: year, month: 1, day: 1))!
        let next = utc.date(from: DateComponents(year: year + 1, month: 1, day: 1))!
        let count = utc.dateComponents([.day], from: first, to: next).day!
        var days = [Int](repeating: 0, count: count)
        for read in reads {
            var day = read.start.map { $0 <= read.finish ? $0 : read.finish } ?? read.finish
            while day <= read.finish {
                if day >= first, day < next { days[utc.dateComponents([.day], from: first, to: day).day!] += 1 }
                day = utc.date(byAdding: .day, value: 1, to: day)!
            }
        }
        return days
    }

    static func longestRun(_ days: [Int]) -> Int {
        var (longest, run) = (0, 0)
        for count in days {
            run = count > 0 ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// StoryGraph's `Dates Read` of a row: `2024/12/26-2025/01/15, 2025/03/02`.
    static func storyGraphReads(_ row: [String: String]) -> [(start: Date?, finish: Date)] {
        (row["Dates Read"] ?? "").split(separator: ",").compactMap { read in
            let days = read.split(separator: "-").map { date($0.trimmingCharacters(in: .whitespaces)) }
            guard let finish = days.last ?? nil else { return nil }
            return (days.count == 2 ? days[0] : nil, finish)
        }
    }

    static func stats(_ rows: [ImportedBook], year: Int?, context: YearContext? = nil) -> TagStats {
        TagStats(
            tag: "read", year: year, readingRecords: true,
            books: rows.map { StatsBook(id: .openLibrary($0.key), title: $0.title, reading: $0.reading) },
            context: context, today: today)
    }

    /// The calendar counts every read of the file with days in the year, those of books finished
    /// the year after too; the tag holds the books finished in the year.
    @Test(arguments: [2024, 2025])
    func aStoryGraphYearsCalendarIsTheFilesDays(year: Int) throws {
        let rows = try StoryGraphTests.rows(StoryGraphTests.raw)
        let (books, _) = try StoryGraphTests.read(StoryGraphTests.raw)
        let plan = try #require(try ExportSelection(format: .storygraph, year: year).plans(for: books).first)
        let stats = Self.stats(try plan.rows.all(), year: year, context: plan.yearContext)

        func finished(_ row: [String: String], in year: Int) -> Int {
            Self.storyGraphReads(row).count { Self.utc.component(.year, from: $0.finish) == year }
        }
        let finishedInYear = rows.filter { finished($0, in: year) > 0 }
        #expect(stats.books == finishedInYear.count && stats.books > 5)
        let expected = Self.independentCalendar(rows.flatMap(Self.storyGraphReads), year: year)
        let calendar = try #require(stats.calendar)
        #expect(calendar.days == expected)
        #expect(calendar.readingDays == expected.count { $0 > 0 } && calendar.readingDays > stats.books)
        #expect(calendar.longestRun == Self.longestRun(expected))
        #expect(stats.rereads == finishedInYear.count { finished($0, in: year) > 1 })
        // The file holds the year before: its books finished then, each once.
        let previous = try #require(stats.previous)
        #expect(previous.year == year - 1 && previous.books == rows.count { finished($0, in: year - 1) > 0 })
        #expect(previous.pages == nil, "StoryGraph's export gives no pages")
        let difference = stats.books - previous.books
        let words =
            difference == 0
            ? "as many as in \(year - 1)" : "\(abs(difference)) \(difference > 0 ? "more" : "fewer") than \(year - 1)"
        #expect(stats.versusPrevious == words, "as a reader says it, never \"−1 book on\"")
    }

    /// The genuine file has a read whose start is after its finish (`2025/04/14-2025/04/04`) and
    /// one that spans New Year (`2024/12/26-2025/01/15`): the first counts its finish alone, the
    /// second its days in each year.
    @Test func aStartAfterItsFinishAndANewYearsRead() throws {
        let (books, _) = try StoryGraphTests.read(StoryGraphTests.raw)
        let backwards = try #require(books.first { $0.readStarts["2025-04-04"] == "2025-04-14" })
        let days = try #require(Self.stats([backwards], year: 2025).calendar).days
        let april4 = CalendarDay.firstOf(year: 2025).distance(to: CalendarDay(year: 2025, month: 4, day: 4)!)
        #expect(days.count { $0 > 0 } == 1 && days[april4] == 1)

        let spanning = try #require(books.first { $0.readStarts["2025-01-15"] == "2024-12-26" })
        #expect(try #require(Self.stats([spanning], year: 2025).calendar).days.prefix(15).allSatisfy { $0 == 1 })
        #expect(try #require(Self.stats([spanning], year: 2025).calendar).readingDays == 15)
        #expect(try #require(Self.stats([spanning], year: 2024).calendar).readingDays == 6, "26 to 31 December")
        // Imported as 2024, the book (finished in 2025) is not one of the year's, but its days are.
        let plan = try #require(try ExportSelection(format: .storygraph, year: 2024).plans(for: books).first)
        #expect(try !plan.rows.all().contains { $0.key == spanning.key })
        #expect(plan.yearContext?.carriedReads.contains(ReadPeriod(start: "2024-12-26", finish: "2025-01-15")) == true)
    }

    /// LibraryThing's TSV gives `Date Started` and `Date Read` (bracketed): the one dated read of
    /// the genuine file, 16 April to 8 May 2007, is 23 days.
    @Test func aLibraryThingReadFromItsStartToItsFinish() throws {
        let file = Fixtures.packageRoot.appendingPathComponent("fixtures/libraries/bookwyrm-fixtures/librarything.tsv")
        var books: [ImportedBook] = []
        _ = try LibraryThingReader.read(file) { books.append($0) }
        let raw = try String(decoding: Data(contentsOf: file), as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = raw[0]
        let (started, read) = (header.firstIndex(of: "Date Started")!, header.firstIndex(of: "Date Read")!)
        let reads = raw.dropFirst().compactMap { fields -> (start: Date?, finish: Date)? in
            let unbracket = { (text: String) in text.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")) }
            guard fields.count > read, let finish = Self.date(unbracket(fields[read])) else { return nil }
            return (Self.date(unbracket(fields[started])), finish)
        }
        #expect(reads.count == 1)
        let stats = Self.stats(books.filter { $0.wasRead(in: 2007) }, year: 2007)
        let expected = Self.independentCalendar(reads, year: 2007)
        #expect(stats.calendar?.days == expected && stats.calendar?.readingDays == 23)
        #expect(stats.calendar?.longestRun == 23 && stats.rereads == 0)
    }
}
