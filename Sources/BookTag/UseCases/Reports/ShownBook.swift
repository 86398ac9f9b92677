import Foundation

/// A book as `show` and serve's `/api/books` give it: one shape for both faces.
public struct ShownBook: Encodable, Sendable {
    /// One author and their part (`Translator`, …) when the source gives one.
    public struct Author: Encodable, Sendable {
        /// The author's name.
        public let name: String
        /// Their part, when not simply the author.
        public let role: String?
    }

    /// Where the book comes from (`goodreads`, `openlibrary`) and its id there.
    public let source: SourceKind
    /// The source's own id.
    public let id: String
    /// The title as the source gives it.
    public let title: String
    /// Every author the source lists, in its order.
    public let authors: [Author]
    /// The page count, when known.
    public let pages: Int?
    /// The source's average rating, when it has one.
    public let averageRating: Double?
    /// How many ratings that average is of.
    public let ratingsCount: Int?
    /// Plain text: the HTML Goodreads sent, sanitised.
    public let description: String?
    /// The edition's year, else the first publication's.
    public let year: Int?
    /// The publisher, when known.
    public let publisher: String?
    /// The ISBN-10, when known.
    public let isbn: String?
    /// The ISBN-13, when known.
    public let isbn13: String?
    /// The cover file's path, when booktag keeps one.
    public let cover: String?
    /// The reader's stars to the nearest whole star, from their shelf or export.
    public let myRating: Int?
    /// The reader's stars as written (quarter and half stars kept).
    public let myStars: Double?
    /// The last day the reader finished the book, from their shelf or export.
    public let dateRead: String?
    /// Every day they finished it (re-reads), oldest first.
    public let readDates: [String]?
    /// How they read it: `paper`, `ebook` or `audio`, when their library says.
    public let readAs: ReadingFormat?
    /// StoryGraph's moods.
    public let moods: [String]?
    /// StoryGraph's pace.
    public let pace: ReadingPace?
    /// Where the page count came from when not the book's source (`openlibrary`).
    public let pagesFrom: SourceKind?
    /// The tags that hold the book.
    public let tags: [String]
    /// "store" when shown from what booktag kept, "network" when just fetched (and now kept).
    public let shownFrom: String

    /// The book as kept (`fromStore`) or just fetched, with the tags that hold it.
    public init(_ book: StoredBook, tags: [String], store: BookStore, fromStore: Bool) {
        let details = book.details
        source = details.id.source
        id = details.id.value
        title = details.title
        authors = details.authors.map { Author(name: $0.name, role: $0.role) }
        pages = details.pageCount
        averageRating = details.averageRating
        ratingsCount = details.ratingsCount
        description = (book.descriptionText ?? details.descriptionHTML.map(HTMLSanitizer.plainText(fromHTML:))).flatMap
        { $0.isEmpty ? nil : $0 }
        year = details.publicationYear ?? details.originalPublicationYear
        publisher = details.publisher
        isbn = book.isbn10 ?? details.isbn
        isbn13 = book.isbn13 ?? details.isbn13
        cover = book.coverPath.map(store.coverFilePath)
        let reading = details.reading
        myRating = reading?.rating
        myStars = reading?.stars
        dateRead = reading?.dateRead
        readDates = reading.flatMap { $0.readDates.isEmpty ? nil : $0.readDates }
        readAs = reading?.format
        moods = reading.flatMap { $0.moods.isEmpty ? nil : $0.moods }
        pace = reading?.pace
        pagesFrom = details.pageCountSource
        self.tags = tags
        shownFrom = fromStore ? "store" : "network"
    }
}
