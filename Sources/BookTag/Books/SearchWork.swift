/// One search result: a Goodreads `<work>` with its best book, or an Open Library subject's work.
public struct SearchWork: Equatable, Sendable, Codable {
    /// Goodreads' work id (Open Library's work is the book id itself).
    public var workID: Int?
    /// The book: for Goodreads the work's best book (what `book/show` takes), for Open Library the work.
    public var id: BookID
    public var title: String
    public var authorID: Int?
    public var authorName: String?
    public var imageURL: String?
    public var smallImageURL: String?
    public var averageRating: Double?
    public var ratingsCount: Int?
    public var originalPublicationYear: Int?
    /// What a listing of the reader's own books (a shelf, an export) says beyond a search result:
    /// ISBNs, pages, publisher, the reader's stars and date. Kept as the book's details when the
    /// book is stored, so that `show` needs no network for it.
    public var details: BookDetails?

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
