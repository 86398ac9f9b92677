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
    /// How far along the reader is, for a book of their e-reader's readings still in progress,
    /// as its progress sync last said.
    public var progress: Progress?

    /// A position from KOReader's progress sync.
    public struct Progress: Encodable, Sendable, Equatable {
        /// From 0 to 1.
        public let percentage: Double
        /// The booktag device that sent it (`devices add`).
        public let device: String
        /// What KOReader calls the device ("Kobo Libra 2").
        public let model: String
        /// When it was received (ISO 8601, UTC).
        public let updatedAt: String
    }

    /// A tag's books as both faces show them.
    public static func rows(_ books: [TagBookEntry], store: BookStore) -> [BookRow] {
        books.map { BookRow($0, store: store) }
    }

    /// The tag `name`'s books as `books` and serve's API list them: for a tag of an e-reader's
    /// readings, each book still in progress with how far along it is.
    public static func listing(of name: TagName, store: BookStore) throws -> [BookRow] {
        var rows = rows(try store.books(of: name), store: store)
        for (position, progress) in try progress(of: rows, in: name, store: store) {
            rows[position - 1].progress = progress
        }
        return rows
    }

    /// How far along the books of `rows` still in progress are, by position, for a tag of an
    /// e-reader's readings (as its progress sync last said); empty for any other tag.
    public static func progress(of rows: [BookRow], in name: TagName, store: BookStore) throws -> [Int: Progress] {
        guard try store.tag(name)?.origin?.libraryFormat == .koreader else { return [:] }
        let found = try store.progressByTitle()
        guard !found.isEmpty else { return [:] }
        var progress: [Int: Progress] = [:]
        for row in rows where row.dateRead == nil {
            guard let kept = found[ReadingProgress.titleKey(row.title)] else { continue }
            progress[row.position] = Progress(
                percentage: kept.percentage, device: kept.deviceName, model: kept.device,
                updatedAt: ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(kept.timestamp))))
        }
        return progress
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
