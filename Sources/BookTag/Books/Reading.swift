/// What the reader did with a book, as their own shelf or library export says: their stars and
/// the day they finished it. Kept beside what the source says about the book, so that `show`
/// and `books` can answer "what did I think of it, and when".
public struct Reading: Equatable, Sendable, Codable {
    /// The reader's stars, 1–5; `nil` for none (Goodreads writes 0).
    public var rating: Int?
    /// The day the reader finished the book, `YYYY-MM-DD` as their calendar wrote it (no time
    /// zone games: 31 December stays in its year).
    public var dateRead: String?

    /// A reader's record; stars outside 1…5 and dates that are not real days are dropped.
    public init(rating: Int? = nil, dateRead: String? = nil) {
        self.rating = rating.flatMap { (1...5).contains($0) ? $0 : nil }
        self.dateRead = dateRead.flatMap(Self.day)
    }

    /// The year the book was read, if it was.
    public var yearRead: Int? { dateRead.flatMap { Int($0.prefix(4)) } }

    /// Whether the reader said nothing of the book.
    public var isEmpty: Bool { rating == nil && dateRead == nil }

    /// `YYYY-MM-DD` when `text` is one (a real month and day), else `nil`.
    static func day(_ text: String) -> String? {
        guard text.utf8.count == 10 else { return nil }
        var year = 0, month = 0, day = 0
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
        guard year > 0, (1...12).contains(month), (1...31).contains(day) else { return nil }
        return text
    }

    /// `YYYY-MM-DD` from a year, a month and a day, when they make one.
    static func day(year: Int, month: Int, day: Int) -> String? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
