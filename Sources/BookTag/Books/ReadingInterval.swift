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

    /// An interval of `seconds` from `start`, placed on its day and hour in `timeZone`.
    public init(start: Int64, seconds: Int, timeZone: TimeZone) {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start))))
        let local = start + offset
        let (days, rest) = (local.dividingFloor(by: 86_400), local - local.dividingFloor(by: 86_400) * 86_400)
        self.init(start: start, seconds: seconds, day: CalendarDay(number: Int(days)).text, hour: Int(rest / 3600))
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
