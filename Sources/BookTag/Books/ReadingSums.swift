import Foundation

/// What `stats` needs of one book's intervals, summed once when they are stored: the seconds of
/// each local day with their hours, and its sessions (intervals each starting less than
/// `ReadingTime.sessionGap` after the one before ended) counted for each year and for the whole
/// record, with the longest. A year's sessions are cut where it begins and ends, as `stats` of a
/// year counts only that year's intervals. `stats` of a year of 50,000 intervals then reads a
/// row a day and a row a book instead of every interval.
struct ReadingSums: Equatable {
    /// The seconds read on one local day, and by the hour each interval began.
    struct Day: Equatable {
        var day: String
        var seconds: Int
        /// 24 numbers, midnight first.
        var hours: [Int]
    }

    /// A book's sessions over one year (`year` 0: the whole record).
    struct Sessions: Equatable {
        var year: Int
        var count: Int
        /// The longest, the earliest of equals: its seconds, first interval's start and day.
        var longest: Session
    }

    /// One session, or the part of one within a year.
    struct Session: Equatable {
        var seconds: Int
        var start: Int64
        var day: String

        /// Longer, or as long and earlier.
        func beats(_ other: Session) -> Bool {
            seconds != other.seconds ? seconds > other.seconds : start < other.start
        }
    }

    var days: [Day] = []
    var sessions: [Sessions] = []

    /// The sums of `intervals`, in any order.
    init(_ intervals: [ReadingInterval]) {
        let ordered = intervals.sorted { ($0.start, $0.seconds) < ($1.start, $1.seconds) }
        var byDay: [String: Day] = [:]
        var whole: [Session] = []
        var pieces: [Int: [Session]] = [:]
        var previousEnd: Int64 = 0
        var previousYear = 0
        for interval in ordered {
            var day = byDay[interval.day] ?? Day(day: interval.day, seconds: 0, hours: Array(repeating: 0, count: 24))
            day.seconds += interval.seconds
            if day.hours.indices.contains(interval.hour) { day.hours[interval.hour] += interval.seconds }
            byDay[interval.day] = day
            let year = Int(interval.day.prefix(4)) ?? 0
            let joins = !whole.isEmpty && interval.start - previousEnd < Int64(ReadingTime.sessionGap)
            if joins {
                whole[whole.count - 1].seconds += interval.seconds
            } else {
                whole.append(Session(seconds: interval.seconds, start: interval.start, day: interval.day))
            }
            if joins, year == previousYear, pieces[year]?.isEmpty == false {
                pieces[year]![pieces[year]!.count - 1].seconds += interval.seconds
            } else {
                pieces[year, default: []].append(
                    Session(seconds: interval.seconds, start: interval.start, day: interval.day))
            }
            previousEnd = interval.start + Int64(interval.seconds)
            previousYear = year
        }
        days = byDay.values.sorted { $0.day < $1.day }
        for (year, list) in [(0, whole)] + pieces.sorted(by: { $0.key < $1.key }).map({ ($0.key, $0.value) })
        where !list.isEmpty {
            let longest = list.dropFirst().reduce(list[0]) { $1.beats($0) ? $1 : $0 }
            sessions.append(Sessions(year: year, count: list.count, longest: longest))
        }
    }

    /// A day's hours as the store keeps them: 24 little-endian 32-bit numbers.
    static func packed(_ hours: [Int]) -> Data {
        var data = Data(capacity: 96)
        for hour in hours.prefix(24) {
            withUnsafeBytes(of: UInt32(clamping: hour).littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }
}
