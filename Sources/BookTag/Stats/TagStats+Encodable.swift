import Foundation

extension TagStats: Encodable {
    private enum Keys: String, CodingKey {
        case tag, year, books, pages, ratings, months, undated, authors, published, formats, moods, pace
        case calendar, calendarUnit, readingDays, longestRun, previous, rereads, time, goal
        case total, known, average, shortest, longest, fromOpenLibrary
        case mine, rated, stars, versusAverage, highest
        case distinct, top, oldest, newest
    }

    /// The contract's shape (docs/contract.md, Stats): every key present, unknowns as `null`.
    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(tag, forKey: .tag)
        try root.encode(year, forKey: .year)
        try root.encode(books, forKey: .books)
        var pages = root.nestedContainer(keyedBy: Keys.self, forKey: .pages)
        try pages.encode(self.pages.total, forKey: .total)
        try pages.encode(self.pages.known, forKey: .known)
        try pages.encode(self.pages.average, forKey: .average)
        try pages.encode(self.pages.shortest.map { MentionJSON($0, key: "pages") }, forKey: .shortest)
        try pages.encode(self.pages.longest.map { MentionJSON($0, key: "pages") }, forKey: .longest)
        try pages.encode(self.pages.fromOpenLibrary, forKey: .fromOpenLibrary)
        var ratings = root.nestedContainer(keyedBy: Keys.self, forKey: .ratings)
        try ratings.encode(self.ratings.average, forKey: .average)
        try ratings.encode(self.ratings.mine, forKey: .mine)
        try ratings.encode(self.ratings.rated, forKey: .rated)
        try ratings.encode(self.ratings.stars, forKey: .stars)
        try ratings.encode(self.ratings.versusAverage, forKey: .versusAverage)
        try ratings.encode(self.ratings.highest.map { MentionJSON($0, key: "rating") }, forKey: .highest)
        try root.encode(months, forKey: .months)
        try root.encode(undated, forKey: .undated)
        var authors = root.nestedContainer(keyedBy: Keys.self, forKey: .authors)
        try authors.encode(self.authors.distinct, forKey: .distinct)
        try authors.encode(self.authors.top, forKey: .top)
        var published = root.nestedContainer(keyedBy: Keys.self, forKey: .published)
        try published.encode(self.published.oldest.map { MentionJSON($0, key: "year") }, forKey: .oldest)
        try published.encode(self.published.newest.map { MentionJSON($0, key: "year") }, forKey: .newest)
        try root.encode(formats, forKey: .formats)
        try root.encode(moods, forKey: .moods)
        try root.encode(pace, forKey: .pace)
        try root.encode(calendar?.days, forKey: .calendar)
        try root.encode(calendar?.readingDays, forKey: .readingDays)
        try root.encode(calendar?.longestRun, forKey: .longestRun)
        try root.encode(previous, forKey: .previous)
        try root.encode(rereads, forKey: .rereads)
        try root.encode(calendarUnit, forKey: .calendarUnit)
        try root.encode(time, forKey: .time)
        try root.encode(goal, forKey: .goal)
    }

    /// `{"source", "id", "title", KEY}`: pages and years as whole numbers, ratings as they are.
    private struct MentionJSON: Encodable {
        let mention: Mention
        let key: String

        init(_ mention: Mention, key: String) {
            self.mention = mention
            self.key = key
        }

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(mention.id.source, forKey: AnyKey(stringValue: "source"))
            try container.encode(mention.id.value, forKey: AnyKey(stringValue: "id"))
            try container.encode(mention.title, forKey: AnyKey(stringValue: "title"))
            if key == "rating" {
                try container.encode(mention.value, forKey: AnyKey(stringValue: key))
            } else {
                try container.encode(Int(mention.value), forKey: AnyKey(stringValue: key))
            }
        }
    }
}
