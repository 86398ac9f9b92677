/// One search result: a Goodreads `<work>` with its best book, or an Open Library subject's work.
public struct SearchWork: Equatable, Sendable, Codable {
    /// Goodreads' work id (Open Library's work is the book id itself).
    public var workID: Int?
    /// The book: for Goodreads the work's best book (what `book/show` takes), for Open Library the work.
    public var id: BookID
    /// The title, as the source gives it.
    public var title: String
    /// The author's id at the source, when it gives one.
    public var authorID: Int?
    /// The first author's name.
    public var authorName: String?
    /// The cover's address; a placeholder's means no cover.
    public var imageURL: String?
    /// A smaller cover, when the source has one.
    public var smallImageURL: String?
    /// Readers' mean rating, 1 to 5.
    public var averageRating: Double?
    /// How many readers rated it.
    public var ratingsCount: Int?
    /// The year the work was first published.
    public var originalPublicationYear: Int?
    /// What a listing of the reader's own books (a shelf, an export) says beyond a search result:
    /// ISBNs, pages, publisher, the reader's stars and date. Kept as the book's details when the
    /// book is stored, so that `show` needs no network for it.
    public var details: BookDetails?

    /// A result as a source's decoder reads it.
    public init(
        workID: Int? = nil, id: BookID, title: String, authorID: Int? = nil, authorName: String? = nil,
        imageURL: String? = nil, smallImageURL: String? = nil, averageRating: Double? = nil,
        ratingsCount: Int? = nil, originalPublicationYear: Int? = nil, details: BookDetails? = nil
    ) {
        self.workID = workID
        self.id = id
        self.title = title
        self.authorID = authorID
        self.authorName = authorName
        self.imageURL = imageURL
        self.smallImageURL = smallImageURL
        self.averageRating = averageRating
        self.ratingsCount = ratingsCount
        self.originalPublicationYear = originalPublicationYear
        self.details = details
    }

    /// Whether the search already tells us there is no real cover (Goodreads' placeholders, or no
    /// image at all).
    public var hasPlaceholderCover: Bool {
        CoverURL.isPlaceholder(imageURL)
    }
}
