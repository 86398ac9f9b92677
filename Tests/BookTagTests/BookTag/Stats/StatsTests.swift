import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A tag's numbers (`TagStats`, `booktag stats`): computed by hand for small sets with every
/// edge (the first and last day of a year and a month, books without pages, unrated books, a
/// book listed twice, ties, no author), for a synthetic export through `import`, and for the
/// shelf fixture against an independent reading of its feed.
@Suite struct StatsTests {
    static func book(
        _ id: Int, _ title: String, author: String? = "A", pages: Int? = nil, rating: Double? = nil, year: Int? = nil,
        stars: Int? = nil,
        read: String? = nil
    ) -> StatsBook {
        StatsBook(
            id: .goodreads(id), title: title, author: author, pages: pages, averageRating: rating, year: year,
            reading: Reading(rating: stars, dateRead: read))
    }

    @Test func aReadDayIsKeptOnlyWhenItIsOne() {
        #expect(
            Reading(dateRead: "2025-12-31").dateRead == "2025-12-31"
                && Reading(dateRead: "2024-02-29").dateRead == "2024-02-29")
        for text in [
            "2025-13-01", "2025-00-10", "2025-01-32", "2025-1-01", "+025-01-01", "2025/01/01", "2025-01-01T",
            "０２５-01-01", "",
        ] {
            #expect(Reading(dateRead: text).dateRead == nil, "\(text)")
        }
    }

    @Test func aReadersYearByHand() {
        let books = [
            Self.book(1, "First", author: "Austen", pages: 320, rating: 4.10, year: 1818, stars: 5, read: "2025-01-01"),
            Self.book(2, "Last", author: "Brontë", pages: nil, rating: 3.50, year: 2001, stars: 0, read: "2025-12-31"),
            Self.book(3, "Short", author: "Austen", pages: 96, rating: 3.90, year: 1990, stars: 3, read: "2025-06-15"),
            Self.book(
                4, "Long", author: "Calvino", pages: 1104, rating: 4.62, year: 2020, stars: 4, read: "2025-06-30"),
            Self.book(5, "Tied", author: "Calvino", pages: 1104, rating: 4.62, year: 1818, stars: nil, read: nil),
            // Listed twice.
            Self.book(1, "First", author: "Austen", pages: 320, rating: 4.10, year: 1818, stars: 5, read: "2025-01-01"),
            Self.book(6, "Anonymous", author: nil, pages: 0, rating: nil, year: nil, stars: 2, read: "2025-02-28"),
        ]
        let stats = TagStats(tag: "my 2025", year: 2025, readingRecords: true, books: books)
        #expect(stats.books == 6, "book 1 counts once")
        // Pages: 320 + 96 + 1104 + 1104 (book 2 unknown, book 6's 0 is unknown) = 2624 over 4 → 656.
        #expect(stats.pages.total == 2624 && stats.pages.known == 4 && stats.pages.average == 656)
        #expect(stats.pages.shortest?.id == .goodreads(3) && stats.pages.shortest?.value == 96)
        #expect(stats.pages.longest?.id == .goodreads(4), "a tie goes to the book first in the tag")
        // Average ratings 4.10, 3.50, 3.90, 4.62, 4.62 → 20.74 / 5 = 4.148 → 4.15.
        #expect(stats.ratings.average == 4.15)
        #expect(stats.ratings.highest?.id == .goodreads(4) && stats.ratings.highest?.value == 4.62)
        // Stars: 5, (0 = unrated), 3, 4, (none), 2 → 14 / 4 = 3.5.
        #expect(stats.ratings.mine == 3.5 && stats.ratings.rated == 4 && stats.ratings.stars == [0, 1, 1, 1, 1])
        // Mine − average where both: 5 − 4.10, 3 − 3.90, 4 − 4.62 → (0.9 − 0.9 − 0.62) / 3 = −0.2067 → −0.21.
        #expect(stats.ratings.versusAverage == -0.21)
        #expect(stats.months == [1, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1] && stats.undated == 1)
        #expect(stats.authors.distinct == 3)
        #expect(
            stats.authors.top == [
                .init(name: "Austen", books: 2), .init(name: "Calvino", books: 2), .init(name: "Brontë", books: 1),
            ])
        #expect(stats.published.oldest?.id == .goodreads(1) && stats.published.newest?.id == .goodreads(4))
    }

    @Test func aSearchHasNoReadingPartsAndUnknownsAreNull() throws {
        let books = [Self.book(1, "One", stars: 4, read: "2025-03-03"), Self.book(2, "Two", author: nil)]
        let stats = TagStats(tag: "fantasy", year: nil, readingRecords: false, books: books)
        #expect(
            stats.ratings.mine == nil && stats.ratings.rated == nil && stats.ratings.stars == nil
                && stats.ratings.versusAverage == nil)
        #expect(stats.months == nil && stats.undated == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(stats)) as? [String: Any])
        let pages = try #require(json["pages"] as? [String: Any])
        #expect(
            pages["total"] is NSNull && pages["average"] is NSNull && pages["shortest"] is NSNull
                && pages["known"] as? Int == 0)
        let ratings = try #require(json["ratings"] as? [String: Any])
        #expect(
            ["average", "mine", "rated", "stars", "versusAverage", "highest"].allSatisfy { ratings[$0] is NSNull },
            "\(ratings)")
        #expect(json["months"] is NSNull && json["undated"] is NSNull && json["year"] is NSNull)
        let published = try #require(json["published"] as? [String: Any])
        #expect(published["oldest"] is NSNull && published["newest"] is NSNull)
        #expect((json["authors"] as? [String: Any])?["distinct"] as? Int == 1)
    }

    @Test func theJSONHasSpecsShape() throws {
        let stats = TagStats(
            tag: "t", year: 2025, readingRecords: true,
            books: [
                Self.book(7, "Seven", author: "Z", pages: 123, rating: 3.25, year: 1999, stars: 4, read: "2025-05-05")
            ])
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(stats)) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "tag", "year", "books", "pages", "ratings", "months", "undated", "authors", "published", "formats",
                "moods", "pace", "calendar", "readingDays", "longestRun", "previous", "rereads", "calendarUnit", "time",
                "goal",
            ])
        #expect(json["calendarUnit"] as? String == "books" && json["time"] is NSNull, "no device recorded time")
        #expect(json["goal"] is NSNull, "no goal was set")
        #expect(json["readingDays"] as? Int == 1 && json["longestRun"] as? Int == 1 && json["rereads"] as? Int == 0)
        #expect(json["previous"] is NSNull, "no export says what came before")
        #expect((json["calendar"] as? [Int])?.count == 365 && (json["calendar"] as? [Int])?[124] == 1, "5 May")
        #expect(
            json["formats"] is NSNull && json["moods"] is NSNull && json["pace"] is NSNull,
            "a Goodreads book says none of them")
        #expect((json["pages"] as? [String: Any])?["fromOpenLibrary"] as? Int == 0)
        let shortest = try #require((json["pages"] as? [String: Any])?["shortest"] as? [String: Any])
        #expect(
            shortest["source"] as? String == "goodreads" && shortest["id"] as? String == "7"
                && shortest["title"] as? String == "Seven")
        #expect(shortest["pages"] as? Int == 123 && shortest.count == 4)
        let highest = try #require((json["ratings"] as? [String: Any])?["highest"] as? [String: Any])
        #expect(highest["rating"] as? Double == 3.25)
        let oldest = try #require((json["published"] as? [String: Any])?["oldest"] as? [String: Any])
        #expect(oldest["year"] as? Int == 1999)
    }
}
