/// A book's details, as a source's book calls describe it (Goodreads' `book/show` and
/// `book/isbn`; Open Library's edition, work, authors and ratings).
public struct BookDetails: Equatable, Sendable, Codable {
    /// The book: its source and that source's id.
    public var id: BookID
    /// The title as the source gives it.
    public var title: String
    /// The ISBN-10 as the source gives it (unchecked).
    public var isbn: String?
    /// The ISBN-13 as the source gives it (unchecked).
    public var isbn13: String?
    /// The cover's address; a placeholder's address means no cover.
    public var imageURL: String?
    /// A smaller cover, when the source has one.
    public var smallImageURL: String?
    /// This edition's publication date parts, as far as Goodreads knows them.
    public var publicationYear: Int?
    /// 1 to 12, when known.
    public var publicationMonth: Int?
    /// 1 to 31, when known.
    public var publicationDay: Int?
    /// The work's first publication year, often known when the edition's is not.
    public var originalPublicationYear: Int?
    /// Goodreads' work id (all editions of the book).
    public var workID: Int?
    /// The edition's publisher.
    public var publisher: String?
    /// The description as HTML, untrusted: exactly as Goodreads sent it, or Open Library's plain
    /// text escaped. Show it only through `HTMLSanitizer`.
    public var descriptionHTML: String?
    /// Readers' mean rating, 1 to 5.
    public var averageRating: Double?
    /// How many readers rated it.
    public var ratingsCount: Int?
    /// The edition's pages.
    public var pageCount: Int?
    /// "Paperback", "Hardcover", "ebook"…
    public var format: String?
    /// In the source's order, the first being the book's author.
    public var authors: [BookAuthor]
    /// The reader's own record of the book, when it came from their shelf or export.
    public var reading: Reading?
    /// Where `pageCount` came from when the reader's library had none: Open Library's median
    /// for the work a StoryGraph row matched (`stats` counts them in `pages.fromOpenLibrary`).
    public var pageCountSource: SourceKind?
    /// Parts the source sent broken (a malformed work record, an author, the ratings), named for
    /// a warning; a book with any is not kept, so the next look-up asks again.
    public var missingParts: [String]?

    /// Details as a source or the store gives them; every part but the id and title may be unknown.
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
