import Foundation

/// A day of the proleptic Gregorian calendar, as a count of days since 1970-01-01: what the
/// reading calendar steps through. The reader's calendar as written, with no time zone.
public struct CalendarDay: Comparable, Hashable, Sendable, Strideable {
    /// Days since 1970-01-01 (negative before).
    public var number: Int

    /// The day `number` days after 1970-01-01.
    public init(number: Int) {
        self.number = number
    }

    /// The day `YYYY-MM-DD` names, when it is a real one (no 30 February, 29 February only in a
    /// leap year).
    public init?(_ text: String) {
        // Read in one pass over the bytes, with no copy: the calendar reads a day per read, and
        // every reader's format checks its days with it (`Reading.day`).
        guard text.utf8.count == 10 else { return nil }
        var (year, month, day) = (0, 0, 0)
        for (index, byte) in text.utf8.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch index {
            case 0..<4: year = year * 10 + digit
            case 5..<7: month = month * 10 + digit
            default: day = day * 10 + digit
            }
        }
        guard year > 0 else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day, when the month has it.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        // Days from civil (Howard Hinnant's algorithm), years counted from March.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// 1 January of `year`.
    public static func firstOf(year: Int) -> CalendarDay {
        CalendarDay(year: year, month: 1, day: 1)!
    }

    /// 365, or 366 in a leap year.
    public static func days(inYear year: Int) -> Int {
        isLeap(year) ? 366 : 365
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 0 for Monday … 6 for Sunday.
    public var weekday: Int {
        ((number % 7) + 7 + 3) % 7  // 1970-01-01 was a Thursday
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.number < b.number }
    public func distance(to other: CalendarDay) -> Int { other.number - number }
    public func advanced(by n: Int) -> CalendarDay { CalendarDay(number: number + n) }
}

extension CalendarDay {
    /// Today in the machine's time zone: the reader's calendar.
    public static var today: CalendarDay {
        let seconds = Date().timeIntervalSince1970 + Double(TimeZone.current.secondsFromGMT())
        return CalendarDay(number: Int((seconds / 86_400).rounded(.down)))
    }

    /// `YYYY-MM-DD`.
    public var text: String {
        // Civil from days (Howard Hinnant's algorithm).
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
