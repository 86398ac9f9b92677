import Foundation

/// A stretch of time a reader's device recorded them reading or listening to a book: one page
/// of KOReader's statistics, one Audiobookshelf listening session. Kept with its local day and
/// hour as the reader lived them (the time zone of the import), so a year's time, its calendar
/// and its hours never depend on where `stats` later runs.
public struct ReadingInterval: Equatable, Hashable, Sendable, Codable {
    /// When it began, in seconds since 1970 (UTC).
    public var start: Int64
    /// How long it lasted.
    public var seconds: Int
    /// The reader's local day it began on, `YYYY-MM-DD`.
    public var day: String
    /// The reader's local hour it began in, 0 to 23.
    public var hour: Int

    /// Places intervals on the reader's days and hours, asking the time zone once per quarter
    /// hour and writing a day's name once per day: rows come in start order, so most share both
    /// (Foundation's offset and `String(format:)` were most of a 50,000-row import otherwise).
    public struct LocalClock {
        let timeZone: TimeZone
        private var quarter: (number: Int64, offset: Int64)?
        private var day: (number: Int64, text: String)?

        /// A clock of `timeZone`.
        public init(timeZone: TimeZone) {
            self.timeZone = timeZone
        }

        /// The interval of `seconds` from `start`, on its local day and hour. Offsets change on
        /// quarter hours in every zone, so one asked per quarter hour is exact.
        public mutating func interval(start: Int64, seconds: Int) -> ReadingInterval {
            let number = start.dividingFloor(by: 900)
            let offset: Int64
            if let quarter, quarter.number == number {
                offset = quarter.offset
            } else {
                offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(number * 900))))
                quarter = (number, offset)
            }
            let local = start + offset
            let days = local.dividingFloor(by: 86_400)
            let text: String
            if let day, day.number == days {
                text = day.text
            } else {
                text = CalendarDay(number: Int(days)).text
                day = (days, text)
            }
            return ReadingInterval(start: start, seconds: seconds, day: text, hour: Int((local - days * 86_400) / 3600))
        }
    }

    /// An interval as the store keeps it.
    public init(start: Int64, seconds: Int, day: String, hour: Int) {
        self.start = start
        self.seconds = seconds
        self.day = day
        self.hour = hour
    }

    /// Whether a device could have recorded it: positive seconds (at most a day), from 2000 on,
    /// and not after `now` (a clock set wrong writes the future). Others are skipped and counted.
    public static func isPlausible(start: Int64, seconds: Int, now: Date = Date()) -> Bool {
        seconds > 0 && seconds <= 86_400 && start >= 946_684_800
            && start <= Int64(now.timeIntervalSince1970) + 86_400
    }
}

extension Int64 {
    /// The quotient rounded towards minus infinity (a day before 1970 is still a whole day).
    fileprivate func dividingFloor(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
