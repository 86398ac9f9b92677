/// What the reader did with a book, as their own shelf or library export says: their stars, the
/// days they finished it, and where the service records them, how they read it (paper, ebook,
/// audio) and how it felt (StoryGraph's moods and pace). Kept beside what the source says about
/// the book, so that `show`, `books` and `stats` can answer "what did I think of it, and when".
public struct Reading: Equatable, Sendable, Codable {
    /// The reader's stars as written, 0.25 to 5 in the steps the service allows (StoryGraph's
    /// quarters, LibraryThing's halves); `nil` for none (Goodreads writes 0).
    public var stars: Double?
    /// The last day the reader finished the book, `YYYY-MM-DD` as their calendar wrote it (no
    /// time zone games: 31 December stays in its year).
    public var dateRead: String?
    /// Every day the reader finished it, oldest first (a re-read is another day, not another
    /// book); holds `dateRead` when there is one.
    public var readDates: [String]
    /// The day each read began, by the day it finished, where the service records a start
    /// (StoryGraph's ranges, LibraryThing, Hardcover, BookWyrm): what the reading calendar
    /// draws from. Kept as written, even a start after its finish (the calendar then counts
    /// the finish alone).
    public var readStarts: [String: String]
    /// Paper, ebook or audio, when the service records it.
    public var format: ReadingFormat?
    /// StoryGraph's moods for the book, lower-case, as the reader gave them.
    public var moods: [String]
    /// StoryGraph's pace.
    public var pace: ReadingPace?
    /// What the reader's device recorded, start order (KOReader's pages, Audiobookshelf's
    /// listening sessions); empty for a service that records only days. The store keeps them
    /// in a table of their own, so a book read from the store has none here.
    public var intervals: ReadingIntervals = []

    /// A reader's record; stars outside 1…5 and dates that are not real days are dropped.
    public init(rating: Int? = nil, dateRead: String? = nil) {
        self.init(stars: rating.map(Double.init), dateRead: dateRead)
    }

    /// A reader's record in full. Stars outside 0.25…5 and days that are not real are dropped;
    /// `dateRead` defaults to the last of `readDates`.
    public init(
        stars: Double?, dateRead: String? = nil, readDates: [String] = [], readStarts: [String: String] = [:],
        format: ReadingFormat? = nil, moods: [String] = [], pace: ReadingPace? = nil
    ) {
        self.stars = stars.flatMap { (0.25...5).contains($0) ? $0 : nil }
        let last: String?
        if readDates.count <= 1 {
            // Most books were read once: no set to build (`stats` makes 20,000 of these).
            let only = readDates.first.flatMap(Self.day)
            last = dateRead.flatMap(Self.day) ?? only
            self.readDates = [only, last == only ? nil : last].compactMap { $0 }.sorted()
        } else {
            var days = Set(readDates.compactMap(Self.day))
            last = dateRead.flatMap(Self.day) ?? days.max()
            if let last { days.insert(last) }
            self.readDates = days.sorted()
        }
        let finishes = self.readDates
        self.readStarts =
            readStarts.isEmpty
            ? [:] : readStarts.filter { finish, start in finishes.contains(finish) && Self.day(start) != nil }
        self.dateRead = last
        self.format = format
        self.moods = moods
        self.pace = pace
    }

    /// The reader's stars to the nearest whole star, halves up (3.5 → 4, 3.25 → 3), at least
    /// one: what `stats` counts in its 1…5 bars.
    public var rating: Int? {
        stars.map { max(1, Int($0.rounded(.toNearestOrAwayFromZero))) }
    }

    /// Whether the reader finished the book in `year` (any of their reads).
    public func wasRead(in year: Int) -> Bool {
        let prefix = "\(year)-"
        return readDates.contains { $0.hasPrefix(prefix) }
    }

    /// Each read, oldest finish first: its finish and, where known, its start.
    public var reads: [ReadPeriod] {
        readDates.map { ReadPeriod(start: readStarts[$0], finish: $0) }
    }

    /// How many of the reader's reads finished in `year`.
    public func readsFinished(in year: Int) -> Int {
        readsFinished(prefix: "\(year)-")
    }

    /// How many of the reader's reads finished on a day that starts with `prefix` (`2025-`).
    func readsFinished(prefix: String) -> Int {
        readDates.count { $0.hasPrefix(prefix) }
    }

    /// The year the book was read, if it was.
    public var yearRead: Int? { dateRead.flatMap { Int($0.prefix(4)) } }

    /// Whether the reader said nothing of the book.
    public var isEmpty: Bool {
        stars == nil && dateRead == nil && format == nil && moods.isEmpty && pace == nil && intervals.isEmpty
    }

    /// `YYYY-MM-DD` when `text` is one (a real month and day), else `nil`.
    static func day(_ text: String) -> String? {
        CalendarDay(text) == nil ? nil : text
    }

    /// `YYYY-MM-DD` from a year, a month and a day, when they make one.
    static func day(year: Int, month: Int, day: Int) -> String? {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CalendarDay.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
