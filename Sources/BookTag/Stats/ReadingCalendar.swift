/// A reader's year day by day: for each day, how many books they had in progress (from a read's
/// start to its finish, both included) or finished that day (where only the finish is known).
/// Days after `today` are never counted: a finish in the future is a typing slip, not a day read.
public struct ReadingCalendar: Equatable, Sendable {
    /// What a day's number counts.
    public enum Unit: String, Equatable, Sendable, Encodable {
        /// Books in progress or finished that day.
        case books
        /// Seconds a device recorded the reader reading that day (KOReader, Audiobookshelf).
        case seconds
    }

    /// The year drawn.
    public var year: Int
    /// One number per day, 1 January first: 365 or 366.
    public var days: [Int]
    /// Books, or seconds read.
    public var unit = Unit.books
    /// Days of the year up to today (all of them for a past year): those after are not drawn
    /// as days without reading.
    public var daysSoFar: Int

    /// The calendar of `year` from readers' records: every read of each.
    init?(year: Int, readings: some Sequence<Reading>, carried: [ReadPeriod], today: CalendarDay) {
        self.init(year: year, today: today) { count in
            for reading in readings {
                for finish in reading.readDates {
                    // Most reads have no start: no period is made for them.
                    if reading.readStarts.isEmpty {
                        if let day = CalendarDay(finish) { count(day...day) }
                    } else if let span = ReadPeriod(start: reading.readStarts[finish], finish: finish).days {
                        count(span)
                    }
                }
            }
            for read in carried { if let span = read.days { count(span) } }
        }
    }

    /// The calendar of `year` in seconds read, from the seconds of each local day
    /// (`YYYY-MM-DD`); `nil` when no day of the year has any.
    init?(year: Int, seconds: [String: Int], today: CalendarDay) {
        let first = CalendarDay.firstOf(year: year)
        var days = [Int](repeating: 0, count: CalendarDay.days(inYear: year))
        for (text, seconds) in seconds {
            guard let day = CalendarDay(text), days.indices.contains(first.distance(to: day)) else { continue }
            days[first.distance(to: day)] += seconds
        }
        guard days.contains(where: { $0 > 0 }) else { return nil }
        self.year = year
        self.days = days
        unit = .seconds
        // A device's clock a day ahead of this machine's still has its day drawn.
        let lastRead = first.advanced(by: days.lastIndex { $0 > 0 } ?? 0)
        daysSoFar = max(0, min(days.count, first.distance(to: max(today, lastRead)) + 1))
    }

    private init?(year: Int, today: CalendarDay, spans: ((ClosedRange<CalendarDay>) -> Void) -> Void) {
        let first = CalendarDay.firstOf(year: year)
        let count = CalendarDay.days(inYear: year)
        let last = min(first.advanced(by: count - 1), today)
        var days = [Int](repeating: 0, count: count)
        var any = false
        spans { span in
            let from = max(span.lowerBound, first)
            let through = min(span.upperBound, last)
            guard from <= through else { return }
            any = true
            for day in from...through { days[first.distance(to: day)] += 1 }
        }
        guard any else { return nil }
        self.year = year
        self.days = days
        daysSoFar = max(0, min(count, first.distance(to: today) + 1))
    }

    /// Days with any book in progress or finished.
    public var readingDays: Int { days.count { $0 > 0 } }

    /// The most days in a row with any.
    public var longestRun: Int {
        var longest = 0
        var run = 0
        for count in days {
            run = count > 0 ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// The most books in progress on one day.
    public var busiest: Int { days.max() ?? 0 }

    /// 1 January of the year.
    public var firstDay: CalendarDay { CalendarDay.firstOf(year: year) }

    /// What a screen reader says for the drawing: "reading on 214 days, longest run 12 days".
    public var summary: String { summary(in: .english) }

    /// The same in the reader's language.
    public func summary(in words: Words) -> String {
        words.plural("reading on %s day", "reading on %s days", readingDays)
            + words(", ", context: "between the parts of one sentence")
            + words.plural("longest run %s day", "longest run %s days", longestRun)
    }

    /// The heat map's scale in seconds: a level's day is read for less than its bound.
    public static let secondsScale = [15 * 60, 60 * 60, 2 * 60 * 60]

    /// Each level's words on the time scale, none first: "0", "under 15 min", "under 1 h",
    /// "under 2 h", "more". Every face's legend says these.
    public static func secondsScaleWords(in words: Words = .english) -> [String] {
        [words.number(0)] + secondsScale.map { words("under %s", ReadingTime.duration($0, in: words)) }
            + [words("more", context: "the calendar's legend")]
    }

    /// The time scale in a line: "less … more: 0, under 15 min, under 1 h, under 2 h, more".
    public static func scaleWords(in words: Words = .english) -> String {
        words("less … more: %s", secondsScaleWords(in: words).joined(separator: ", "))
    }

    /// The heat map's level of a day's number, 0 (none) to 4: for books in steps of the busiest
    /// day, for seconds on the fixed scale (`secondsScale`).
    public func level(_ count: Int) -> Int {
        guard count > 0 else { return 0 }
        if unit == .seconds { return 1 + Self.secondsScale.count { count >= $0 } }
        let busiest = self.busiest
        guard busiest > 1 else { return 4 }
        return min(4, 1 + (count - 1) * 4 / busiest)
    }

    /// The weeks the map draws, Monday first: the column of each day (0 to 53) and its row
    /// (0 Monday … 6 Sunday).
    public func position(ofDay index: Int) -> (week: Int, weekday: Int) {
        let offset = firstDay.weekday
        return ((index + offset) / 7, (index + offset) % 7)
    }

    /// Columns the map needs: 53, or 54 when a leap year starts on a Sunday.
    public var weeks: Int { position(ofDay: days.count - 1).week + 1 }

    /// The column each month starts in, January first.
    public var monthColumns: [Int] { monthStartDays.map { position(ofDay: $0).week } }

    /// The day (index into `days`) each month starts on, January first.
    public var monthStartDays: [Int] {
        var index = 0
        return (1...12).map { month in
            defer { index += CalendarDay.days(inMonth: month, of: year) }
            return index
        }
    }
}
