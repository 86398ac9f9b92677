/// The reader's year before a tag's, from the same export: what the poster sets this year
/// against ("4 more than 2024"). Kept with the tag when it is made, since the tag keeps only its
/// own year's books.
public struct PreviousYear: Equatable, Sendable, Codable {
    /// The year before the tag's.
    public var year: Int
    /// Books finished that year, each once.
    public var books: Int
    /// Their pages, where the export gives them; `nil` when it gives none.
    public var pages: Int?
    /// The mean of the reader's stars over those rated, to 2 decimals.
    public var mine: Double?

    /// The numbers of a year.
    public init(year: Int, books: Int, pages: Int?, mine: Double?) {
        self.year = year
        self.books = books
        self.pages = pages
        self.mine = mine
    }

    /// Adds up a year's books as an export is read, a row at a time; each book (by its key) once.
    struct Tally: Sendable {
        let year: Int
        private var books: [String: (pages: Int?, stars: Double?)] = [:]
        /// Whether any read of the export finished before `year + 1`: the export reaches back
        /// to the year before, so even 0 books is a number.
        private var reachesBack = false

        init(year: Int) {
            self.year = year
        }

        /// Notes a book of the listing, by a key that names it once.
        mutating func add(key: String, reading: Reading, pages: Int?) {
            if reading.readDates.contains(where: { ($0.prefix(4) as Substring) <= String(year) }) {
                reachesBack = true
            }
            guard reading.wasRead(in: year), books[key] == nil else { return }
            books[key] = (pages.flatMap { $0 > 0 ? $0 : nil }, reading.stars)
        }

        var result: PreviousYear? {
            guard reachesBack else { return nil }
            let pages = books.values.compactMap(\.pages)
            return PreviousYear(
                year: year, books: books.count, pages: pages.isEmpty ? nil : pages.reduce(0, +),
                mine: TagStats.mean(books.values.compactMap(\.stars)))
        }
    }
}
