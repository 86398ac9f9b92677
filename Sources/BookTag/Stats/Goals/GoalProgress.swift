import Foundation

/// How far a tag's year is towards the reader's goal: what `stats` reports as `goal` and the
/// poster, the terminal and serve say in words. Only books finished within the year count, so an
/// import of old shelves never reads "201 of 50".
public struct GoalProgress: Sendable, Equatable, Encodable {
    /// Where the year stands.
    public enum Status: String, Sendable, Equatable, Encodable {
        /// The goal is reached.
        case done
        /// More than one book ahead of where the year's share says.
        case ahead
        /// More than one book behind it.
        case behind
        /// Within one book of it.
        case onTrack
        /// A past year that ended short of its goal.
        case missed
    }

    /// The goal's year.
    public var year: Int
    /// Books wanted.
    public var books: Int
    /// Pages wanted, when the goal says.
    public var pages: Int?
    /// Books of the tag finished within the year.
    public var booksDone: Int
    /// Their known pages, when the goal has pages and some book's page count is known.
    public var pagesDone: Int?
    /// `booksDone` of `books`, in whole per cent (it passes 100 once the goal is passed).
    public var percent: Int
    /// For the year under way: the books the goal wants by today (one decimal).
    public var expected: Double?
    /// For the year under way: done less expected (one decimal; negative when behind).
    public var ahead: Double?
    /// For the year under way: the books the year ends with at this pace.
    public var projected: Int?
    /// Where it stands.
    public var status: Status

    /// The progress of `booksDone` books (and `pagesDone` pages, `nil` when no page count is
    /// known) towards `goal`, on `today`, in the reader's calendar: today counts as gone by.
    public init(goal: ReadingGoal, booksDone: Int, pagesDone: Int?, today: CalendarDay = .today) {
        year = goal.year
        books = goal.books
        pages = goal.pages
        self.booksDone = booksDone
        self.pagesDone = goal.pages == nil ? nil : pagesDone
        percent = Int((Double(booksDone) / Double(goal.books) * 100).rounded(.down))
        let first = CalendarDay.firstOf(year: goal.year)
        let length = CalendarDay.days(inYear: goal.year)
        let gone = first.distance(to: today) + 1
        if gone > length {
            status = booksDone >= goal.books ? .done : .missed
            return
        }
        let share = Double(max(0, gone)) / Double(length)
        let expected = Self.oneDecimal(Double(goal.books) * share)
        let ahead = Self.oneDecimal(Double(booksDone) - expected)
        self.expected = expected
        self.ahead = ahead
        projected = share > 0 ? Int((Double(booksDone) / share).rounded()) : nil
        if booksDone >= goal.books {
            status = .done
        } else if abs(ahead) <= 1 {
            status = .onTrack
        } else {
            status = ahead > 0 ? .ahead : .behind
        }
    }

    /// The goal in words, as the poster, the terminal and serve's year page say it: "24 of 50 books
    /// · 3 behind · on pace for 46", "50 of 50 books · goal reached", "41 of 50 books · goal missed".
    public var words: String { words(in: .english) }

    /// The same in the reader's language.
    public func words(in words: Words) -> String {
        var parts = [
            words.plural("%1$s of %2$s book", "%1$s of %2$s books", books, words.number(booksDone), words.number(books))
        ]
        switch status {
        case .done: parts.append(words("goal reached"))
        case .missed: parts.append(words("goal missed"))
        case .onTrack: parts.append(words("on track"))
        case .ahead, .behind:
            let count = Int(abs(ahead ?? 0).rounded())
            parts.append(
                status == .ahead
                    ? words.plural("%s ahead", "%s ahead", count) : words.plural("%s behind", "%s behind", count))
        }
        if status != .done, status != .missed, let projected {
            parts.append(words("on pace for %s", words.number(projected)))
        }
        if let pages, let pagesDone {
            parts.append(
                words.plural(
                    "%1$s of %2$s page", "%1$s of %2$s pages", pages, words.number(pagesDone), words.number(pages)))
        }
        return parts.joined(separator: " · ")
    }

    private enum Keys: String, CodingKey {
        case year, books, pages, booksDone, pagesDone, percent, expected, ahead, projected, status
    }

    /// Every key present, as `stats --json`'s others: what does not apply is `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(year, forKey: .year)
        try container.encode(books, forKey: .books)
        try container.encode(pages, forKey: .pages)
        try container.encode(booksDone, forKey: .booksDone)
        try container.encode(pagesDone, forKey: .pagesDone)
        try container.encode(percent, forKey: .percent)
        try container.encode(expected, forKey: .expected)
        try container.encode(ahead, forKey: .ahead)
        try container.encode(projected, forKey: .projected)
        try container.encode(status, forKey: .status)
    }

    static func oneDecimal(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
