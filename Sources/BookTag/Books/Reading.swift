/// What the reader did with a book, as their own shelf or library export says: their stars and
/// the day they finished it. Kept beside what the source says about the book, so that `show`
/// and `books` can answer "what did I think of it, and when".
public struct Reading: Equatable, Sendable, Codable {
    /// The reader's stars, 1–5; `nil` for none (Goodreads writes 0).
    public var rating: Int?
    /// The day the reader finished the book, `YYYY-MM-DD` as their calendar wrote it (no time
    /// zone games: 31 December stays in its year).
    public var dateRead: String?

    public init(rating: Int? = nil, dateRead: String? = nil) {
        self.rating = rating.flatMap { (1...5).contains($0) ? $0 : nil }
        self.dateRead = dateRead.flatMap(Self.day)
    }

    /// The year the book was read, if it was.
    public var yearRead: Int? { dateRead.flatMap { Int($0.prefix(4)) } }

    public var isEmpty: Bool { rating == nil && dateRead == nil }

    /// `YYYY-MM-DD` when `text` is one (a real month and day), else `nil`.
    static func day(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            year > 0, (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return text
    }

    /// `YYYY-MM-DD` from a year, a month and a day, when they make one.
    static func day(year: Int, month: Int, day: Int) -> String? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
