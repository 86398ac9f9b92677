/// A tag's numbers: for a reader's own books their year in books (pages, the shortest and the
/// longest, their stars against everyone's, books per month), and for any tag what its source
/// says (pages, ratings, authors, publication years). One value feeds `booktag stats`, the
/// collage's `--stats` panel and the tag's page, so they never disagree.
///
/// Nothing is invented: an unknown is `nil` (and `null` in JSON) and what is known is counted
/// ("pages known for 41 of 45"); nothing is divided by zero; a book counts once; 0 stars is
/// unrated. Ties (shortest, longest, highest, oldest, newest) go to the book first in the tag.
public struct TagStats: Equatable, Sendable {
    /// A book named by a number: the shortest, the highest rated, the oldest…
    public struct Mention: Equatable, Sendable {
        /// The book.
        public var id: BookID
        /// Its title.
        public var title: String
        /// Its first author.
        public var author: String?
        /// The number it is mentioned for (pages, rating, year).
        public var value: Double
    }

    /// Pages over the books whose count is known.
    public struct Pages: Equatable, Sendable {
        /// `nil` when no book's pages are known.
        public var total: Int?
        /// Books whose pages are known.
        public var known: Int
        /// Rounded to a whole page.
        public var average: Int?
        /// The fewest pages.
        public var shortest: Mention?
        /// The most pages.
        public var longest: Mention?
        /// Known page counts that are Open Library's count for a book from elsewhere (a
        /// StoryGraph export has none of its own).
        public var fromOpenLibrary: Int
    }

    /// Everyone's ratings and the reader's stars.
    public struct Ratings: Equatable, Sendable {
        /// The mean of the books' average ratings, to 2 decimals.
        public var average: Double?
        /// The mean of the reader's stars as written (quarter stars too) over the books they
        /// rated, to 2 decimals; this and the next three are `nil` for a tag with no reading
        /// records (a search or a subject).
        public var mine: Double?
        /// Books the reader gave stars.
        public var rated: Int?
        /// How many books were given 1, 2, 3, 4 and 5 stars, each at its nearest whole star
        /// (halves up: 3.5 counts as 4, 3.25 as 3).
        public var stars: [Int]?
        /// The mean of (mine − average) over the books that have both, to 2 decimals.
        public var versusAverage: Double?
        /// The highest average rating.
        public var highest: Mention?
    }

    /// An author and how many of the tag's books are theirs.
    public struct AuthorCount: Equatable, Sendable, Encodable {
        /// The author.
        public var name: String
        /// Their books in the tag.
        public var books: Int
    }

    /// Who wrote the books.
    public struct Authors: Equatable, Sendable {
        /// Different first authors.
        public var distinct: Int
        /// Up to 5, most books first, then by name.
        public var top: [AuthorCount]
    }

    /// Books by how they were read, where the library says.
    public struct Formats: Equatable, Sendable, Encodable {
        /// Hardcovers and paperbacks.
        public var paper: Int
        /// Ebooks.
        public var ebook: Int
        /// Audiobooks.
        public var audio: Int
    }

    /// A StoryGraph mood and how many of the tag's books the reader gave it.
    public struct MoodCount: Equatable, Sendable, Encodable {
        /// The mood, as StoryGraph names it.
        public var mood: String
        /// Books given it.
        public var books: Int
    }

    /// Books by StoryGraph's pace.
    public struct Pace: Equatable, Sendable, Encodable {
        /// Books the reader found slow.
        public var slow: Int
        /// Books of medium pace.
        public var medium: Int
        /// Books the reader found fast.
        public var fast: Int
    }

    /// When the books were first published.
    public struct Published: Equatable, Sendable {
        /// The earliest year.
        public var oldest: Mention?
        /// The latest year.
        public var newest: Mention?
    }

    /// The tag's name.
    public var tag: String
    /// The year the tag keeps (`--year`), else `nil`.
    public var year: Int?
    /// Books in the tag, each counted once.
    public var books: Int
    /// Pages.
    public var pages: Pages
    /// Ratings and stars.
    public var ratings: Ratings
    /// Books by the month they were read (January first), as the reader's calendar wrote it;
    /// `nil` for a tag with no reading records.
    public var months: [Int]?
    /// Books with no day read; `nil` for a tag with no reading records.
    public var undated: Int?
    /// Whether the days are when the books were shelved, not finished (an Open Library reading
    /// log keeps no other): `months` counts them, and every face says so.
    public var datesAreShelved = false
    /// Authors.
    public var authors: Authors
    /// Paper, ebook and audio; `nil` when no book's format is known.
    public var formats: Formats?
    /// Up to 5 moods, most books first, then by name; `nil` when no book has one (only
    /// StoryGraph records them).
    public var moods: [MoodCount]?
    /// Slow, medium and fast; `nil` when no book's pace is known.
    public var pace: Pace?
    /// Publication years.
    public var published: Published
    /// The reader's year day by day; `nil` without a year, reading records or a read day in it
    /// (`calendarNote` says which).
    public var calendar: ReadingCalendar?
    /// Why a reader's tag has no calendar; `nil` when it has one or is a search.
    public var calendarAbsence: CalendarAbsence?

    /// Books with more than one read finished in the year (in any year, for a tag without one);
    /// `nil` for a tag with no reading records.
    public var rereads: Int?
    /// The year before, where the tag's export holds it.
    public var previous: PreviousYear?
    /// How long the reader read, where the tag's books came with what a device recorded
    /// (KOReader, Audiobookshelf); `nil` otherwise.
    public var time: ReadingTime?
    /// The reader's goal for the tag's year, when there is one (`booktag goal`).
    public var goal: GoalProgress?
    /// The language its words are said in (`headline`, `highlights`, the charts' titles…): English
    /// until `inLanguage` says another. Its numbers stay the same.
    public private(set) var words = Words.english

    /// The same numbers, said in `language`.
    public func inLanguage(_ language: Language) -> TagStats {
        var stats = self
        stats.words = Words(language)
        return stats
    }

    /// The numbers of `books` (in the tag's order) of the tag named `tag`. `readingRecords`:
    /// whether the tag is a reader's own (a shelf or an export), whose stars and days count.
    /// `unique`: no book is there twice (a tag's set, whose ids the store keeps unique), so the
    /// 20,000 ids need not be hashed to count each book once.
    init(
        tag: String, year: Int?, readingRecords: Bool, books given: [StatsBook], unique: Bool = false,
        context: YearContext? = nil, today: CalendarDay = .today
    ) {
        var seen = Set<BookID>()
        let books = unique ? given : given.filter { seen.insert($0.id).inserted }
        self.tag = tag
        self.year = year
        self.books = books.count

        func mention(_ book: StatsBook, _ value: Double) -> Mention {
            Mention(id: book.id, title: book.title, author: book.author, value: value)
        }
        /// The first book whose value beats every earlier one's (`better(new, best)`).
        func first(_ value: (StatsBook) -> Double?, beating better: (Double, Double) -> Bool) -> Mention? {
            var best: Mention?
            for book in books {
                guard let candidate = value(book) else { continue }
                if best.map({ better(candidate, $0.value) }) ?? true { best = mention(book, candidate) }
            }
            return best
        }

        let paged = books.compactMap(\.pages)
        let totalPages = paged.reduce(0, +)
        pages = Pages(
            total: paged.isEmpty ? nil : totalPages, known: paged.count,
            average: paged.isEmpty ? nil : Int((Double(totalPages) / Double(paged.count)).rounded()),
            shortest: first({ $0.pages.map(Double.init) }, beating: <),
            longest: first({ $0.pages.map(Double.init) }, beating: >),
            fromOpenLibrary: books.count(where: \.pagesFromOpenLibrary))

        let averages = books.compactMap(\.averageRating)
        var ratings = Ratings(average: Self.mean(averages), highest: first(\.averageRating, beating: >))
        if readingRecords {
            let stars = books.compactMap { $0.reading?.stars }
            ratings.mine = Self.mean(stars)
            ratings.rated = stars.count
            let whole = books.compactMap { $0.reading?.rating }
            ratings.stars = (1...5).map { value in whole.count { $0 == value } }
            ratings.versusAverage = Self.mean(
                books.compactMap { book in
                    guard let mine = book.reading?.stars, let average = book.averageRating else { return nil }
                    return mine - average
                })
            var months = [Int](repeating: 0, count: 12)
            var undated = 0
            for book in books {
                if let day = book.reading?.dateRead, let month = Int(day.dropFirst(5).prefix(2)),
                    (1...12).contains(month)
                {
                    months[month - 1] += 1
                } else {
                    undated += 1
                }
            }
            self.months = months
            self.undated = undated
            let prefix = year.map { "\($0)-" }
            rereads = books.count { book in
                guard let reading = book.reading, reading.readDates.count > 1 else { return false }
                return (prefix.map(reading.readsFinished(prefix:)) ?? reading.readDates.count) > 1
            }
            (calendar, calendarAbsence) = Self.calendar(
                of: books, carried: context?.carriedReads ?? [], year: year, today: today)
            previous = context?.previous
        }
        self.ratings = ratings

        var counts: [String: Int] = [:]
        for book in books {
            guard let name = book.author.map(Self.trimmed), !name.isEmpty else { continue }
            counts[name, default: 0] += 1
        }
        let top = counts.map { AuthorCount(name: $0.key, books: $0.value) }
            .sorted { $0.books != $1.books ? $0.books > $1.books : $0.name < $1.name }
            .prefix(5)
        authors = Authors(distinct: counts.count, top: Array(top))
        published = Published(
            oldest: first({ $0.year.map(Double.init) }, beating: <),
            newest: first({ $0.year.map(Double.init) }, beating: >))

        var formats = Formats(paper: 0, ebook: 0, audio: 0)
        var pace = Pace(slow: 0, medium: 0, fast: 0)
        var moods: [String: Int] = [:]
        var (formatted, paced) = (false, false)
        for reading in books.lazy.compactMap(\.reading) {
            switch reading.format {
            case .paper?: formats.paper += 1
            case .ebook?: formats.ebook += 1
            case .audio?: formats.audio += 1
            case nil: break
            }
            formatted = formatted || reading.format != nil
            switch reading.pace {
            case .slow?: pace.slow += 1
            case .medium?: pace.medium += 1
            case .fast?: pace.fast += 1
            case nil: break
            }
            paced = paced || reading.pace != nil
            for mood in Set(reading.moods) { moods[mood, default: 0] += 1 }
        }
        self.formats = formatted ? formats : nil
        self.pace = paced ? pace : nil
        self.moods =
            moods.isEmpty
            ? nil
            : Array(
                moods.map { MoodCount(mood: $0.key, books: $0.value) }
                    .sorted { $0.books != $1.books ? $0.books > $1.books : $0.mood < $1.mood }
                    .prefix(5))
    }

    /// `name` without surrounding whitespace; most names have none, and Foundation's trimming
    /// costs a fifth of the whole computation on a 20,000-book tag.
    static func trimmed(_ name: String) -> String {
        let ends = (name.utf8.first, name.utf8.last)
        if let first = ends.0, let last = ends.1, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return name }
        return name.trimmingCharacters(in: .whitespaces)
    }

    /// The mean to 2 decimals; `nil` for no values.
    static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return (values.reduce(0, +) / Double(values.count) * 100).rounded() / 100
    }
}
