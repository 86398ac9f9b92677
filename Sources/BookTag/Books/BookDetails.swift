/// A book's details, as a source's book calls describe it (Goodreads' `book/show` and
/// `book/isbn`; Open Library's edition, work, authors and ratings).
public struct BookDetails: Equatable, Sendable, Codable {
    public var id: BookID
    public var title: String
    public var isbn: String?
    public var isbn13: String?
    public var imageURL: String?
    public var smallImageURL: String?
    /// This edition's publication date parts, as far as Goodreads knows them.
    public var publicationYear: Int?
    public var publicationMonth: Int?
    public var publicationDay: Int?
    /// The work's first publication year, often known when the edition's is not.
    public var originalPublicationYear: Int?
    public var workID: Int?
    public var publisher: String?
    /// The description as HTML, untrusted: exactly as Goodreads sent it, or Open Library's plain
    /// text escaped. Show it only through `HTMLSanitizer`.
    public var descriptionHTML: String?
    public var averageRating: Double?
    public var ratingsCount: Int?
    public var pageCount: Int?
    public var format: String?
    public var authors: [BookAuthor]
    /// The reader's own record of the book, when it came from their shelf or export.
    public var reading: Reading?
    /// Parts the source sent broken (a malformed work record, an author, the ratings), named for
    /// a warning; a book with any is not kept, so the next look-up asks again.
    public var missingParts: [String]?

    public init(
        id: BookID, title: String, isbn: String? = nil, isbn13: String? = nil, imageURL: String? = nil,
        smallImageURL: String? = nil, publicationYear: Int? = nil, publicationMonth: Int? = nil,
        publicationDay: Int? = nil, originalPublicationYear: Int? = nil, workID: Int? = nil,
        publisher: String? = nil, descriptionHTML: String? = nil, averageRating: Double? = nil,
        ratingsCount: Int? = nil, pageCount: Int? = nil, format: String? = nil, authors: [BookAuthor] = [],
        reading: Reading? = nil
    ) {
        self.id = id
        self.title = title
        self.isbn = isbn
        self.isbn13 = isbn13
        self.imageURL = imageURL
        self.smallImageURL = smallImageURL
        self.publicationYear = publicationYear
        self.publicationMonth = publicationMonth
        self.publicationDay = publicationDay
        self.originalPublicationYear = originalPublicationYear
        self.workID = workID
        self.publisher = publisher
        self.descriptionHTML = descriptionHTML
        self.averageRating = averageRating
        self.ratingsCount = ratingsCount
        self.pageCount = pageCount
        self.format = format
        self.authors = authors
        self.reading = reading
    }
}
