/// What the numbers of a tag are made from, one book of it: what the source says (pages,
/// everyone's rating, the year it came out) and, for a reader's own books, their stars and the
/// day they finished it. `nil` is unknown, never zero.
struct StatsBook: Equatable, Sendable {
    var id: BookID
    var title: String
    var author: String?
    var pages: Int?
    /// The average of every reader's rating at the source.
    var averageRating: Double?
    /// The year the work was first published (else this edition's).
    var year: Int?
    /// The reader's stars and the day read, for books from their shelf or export.
    var reading: Reading?
    /// Whether `pages` is Open Library's count for a book from elsewhere.
    var pagesFromOpenLibrary: Bool

    init(
        id: BookID, title: String, author: String? = nil, pages: Int? = nil, averageRating: Double? = nil,
        year: Int? = nil,
        reading: Reading? = nil, pagesFromOpenLibrary: Bool = false
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.pages = pages.flatMap { $0 > 0 ? $0 : nil }
        self.averageRating = averageRating.flatMap { $0 > 0 ? $0 : nil }
        self.year = year
        self.reading = reading
        self.pagesFromOpenLibrary = pagesFromOpenLibrary && self.pages != nil
    }
}
