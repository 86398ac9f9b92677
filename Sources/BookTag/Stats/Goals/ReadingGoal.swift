/// A reader's goal for a year (`booktag goal 2026 50 --pages 15000`), as every reading tracker
/// keeps one: a number of books, and optionally of pages, finished within that year.
public struct ReadingGoal: Sendable, Equatable, Codable {
    /// The calendar year.
    public var year: Int
    /// Books to finish in it, at least 1.
    public var books: Int
    /// Pages to read in it, when the reader set that too.
    public var pages: Int?

    /// A goal; `check()` applies the rules.
    public init(year: Int, books: Int, pages: Int? = nil) {
        self.year = year
        self.books = books
        self.pages = pages
    }

    /// The bounds a goal keeps: a four-digit year, 1 to 100,000 books, 1 to 100,000,000 pages.
    public func check() throws(BookTagFailure) {
        guard AddRequest.yearRange.contains(year) else {
            throw BookTagFailure(.usage, "the year must be a four-digit year such as 2026")
        }
        guard (1...100_000).contains(books) else {
            throw BookTagFailure(.usage, "a goal is 1 to 100,000 books")
        }
        if let pages, !(1...100_000_000).contains(pages) {
            throw BookTagFailure(.usage, "a goal's pages are 1 to 100,000,000")
        }
    }
}
