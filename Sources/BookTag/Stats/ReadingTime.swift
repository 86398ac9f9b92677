/// A tag's reading time, where its books came with what a device recorded (KOReader's pages,
/// Audiobookshelf's listening sessions): how long, on how many days, in which hours, the
/// longest sitting and the books that took the most. Over the intervals that fall in the tag's
/// year (all of them for a tag without one).
public struct ReadingTime: Equatable, Sendable, Encodable {
    /// The longest session and where it was.
    public struct Session: Equatable, Sendable, Encodable {
        /// Its length: the sum of its intervals' seconds.
        public var seconds: Int
        /// The local day it began, `YYYY-MM-DD`.
        public var day: String
        /// The book read.
        public var id: BookID
        /// Its title.
        public var title: String

        private enum CodingKeys: String, CodingKey { case seconds, day, source, id, title }

        /// `{"seconds", "day", "source", "id", "title"}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(day, forKey: .day)
            try container.encode(id.source, forKey: .source)
            try container.encode(id.value, forKey: .id)
            try container.encode(title, forKey: .title)
        }
    }

    /// A book and the time spent on it.
    public struct BookTime: Equatable, Sendable, Encodable {
        /// The book.
        public var id: BookID
        /// Its title.
        public var title: String
        /// Its seconds in the year.
        public var seconds: Int

        private enum CodingKeys: String, CodingKey { case source, id, title, seconds }

        /// `{"source", "id", "title", "seconds"}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id.source, forKey: .source)
            try container.encode(id.value, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(seconds, forKey: .seconds)
        }
    }

    /// Intervals less than this many seconds after the previous one ended make one session.
    public static let sessionGap = 600

    /// Every interval's seconds.
    public var seconds: Int
    /// Sessions: a book's intervals in start order, each beginning less than `sessionGap`
    /// seconds after the one before ended.
    public var sessions: Int
    /// Days with any interval.
    public var readingDays: Int
    /// `seconds` over `readingDays`, rounded to a whole second.
    public var perReadingDay: Int
    /// The longest session (the earliest of equals).
    public var longestSession: Session?
    /// Seconds by the local hour each interval began in, midnight first: 24 numbers.
    public var hours: [Int]
    /// Up to 5 books, most seconds first, then in the tag's order.
    public var books: [BookTime]

    /// "182 h read · longest session 2 h 10 min".
    public var headline: String { headline(in: .english) }

    /// The same in the reader's language.
    public func headline(in words: Words) -> String {
        var text = words("%s read", Self.hoursText(seconds, in: words))
        if let longestSession {
            text += " · " + words("longest session %s", Self.duration(longestSession.seconds, in: words))
        }
        return text
    }

    /// Whole hours ("182 h"), or minutes under an hour ("45 min").
    static func hoursText(_ seconds: Int, in words: Words) -> String {
        seconds >= 3600
            ? words("%s h", words.number(Int((Double(seconds) / 3600).rounded()))) : duration(seconds, in: words)
    }

    /// "2 h 10 min", "1 h", "45 min", "under 1 min".
    public static func duration(_ seconds: Int, in words: Words = .english) -> String {
        let minutes = Int((Double(seconds) / 60).rounded())
        guard minutes > 0 else { return words("under 1 min") }
        let (hours, rest) = (minutes / 60, minutes % 60)
        switch (hours, rest) {
        case (0, _): return words("%s min", words.number(rest))
        case (_, 0): return words("%s h", words.number(hours))
        default: return words("%1$s h %2$s min", words.number(hours), words.number(rest))
        }
    }
}
