/// One `<work>` of a search result, with its best book.
public struct SearchWork: Equatable, Sendable, Codable {
    public var workID: Int?
    /// The Goodreads book id of the work's best book: what `book/show` takes.
    public var bookID: Int
    public var title: String
    public var authorID: Int?
    public var authorName: String?
    public var imageURL: String?
    public var smallImageURL: String?
    public var averageRating: Double?
    public var ratingsCount: Int?
    public var originalPublicationYear: Int?

    public init(
        workID: Int?, bookID: Int, title: String, authorID: Int? = nil, authorName: String? = nil,
        imageURL: String? = nil, smallImageURL: String? = nil, averageRating: Double? = nil,
        ratingsCount: Int? = nil, originalPublicationYear: Int? = nil
    ) {
        self.workID = workID
        self.bookID = bookID
        self.title = title
        self.authorID = authorID
        self.authorName = authorName
        self.imageURL = imageURL
        self.smallImageURL = smallImageURL
        self.averageRating = averageRating
        self.ratingsCount = ratingsCount
        self.originalPublicationYear = originalPublicationYear
    }

    /// Whether the search already tells us there is no real cover.
    public var hasPlaceholderCover: Bool {
        CoverURL.isPlaceholder(imageURL)
    }
}
