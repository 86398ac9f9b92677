import Foundation

/// One of a tag's books as every face shows it: a row of `books`, `add` and `reroll`, their
/// `--json`, and serve's API; one shape, so the two faces cannot drift apart.
public struct BookRow: Encodable, Sendable {
    /// 1-based, the collage's order.
    public let position: Int
    /// The book's source (`goodreads`, `openlibrary`) and its id there.
    public let source: SourceKind
    /// The source's own id.
    public let id: String
    /// The title as the source gives it.
    public let title: String
    /// The first author, when known.
    public let author: String?
    /// The year of first publication, when known.
    public let year: Int?
    /// The source's average rating, when it has one.
    public let rating: Double?
    /// The ISBN-10, when known.
    public let isbn: String?
    /// The ISBN-13, when known.
    public let isbn13: String?
    /// The reader's stars to the nearest whole star, for books from their shelf or export.
    public let myRating: Int?
    /// The reader's stars as written (3.75).
    public let myStars: Double?
    /// The day the reader finished it, for books from their shelf or export.
    public let dateRead: String?
    /// The cover file's path.
    public let cover: String
    /// Whether booktag drew the cover (title and author on a colour) because the book has none
    /// anywhere; only a reader's own books get one.
    public let coverDrawn: Bool

    /// A tag's books as both faces show them.
    public static func rows(_ books: [TagBookEntry], store: BookStore) -> [BookRow] {
        books.map { BookRow($0, store: store) }
    }

    /// The row for `entry`, its cover's path from `store`.
    public init(_ entry: TagBookEntry, store: BookStore) {
        position = entry.book.position + 1
        source = entry.book.bookID.source
        id = entry.book.bookID.value
        title = entry.book.title
        author = entry.book.authorName
        year = entry.book.originalPublicationYear
        rating = entry.book.averageRating
        isbn = entry.isbn10
        isbn13 = entry.isbn13
        myRating = entry.reading?.rating
        myStars = entry.reading?.stars
        dateRead = entry.reading?.dateRead
        cover = store.coverFilePath(entry.book.coverPath)
        coverDrawn = entry.coverDrawn
    }
}
