import Foundation

/// One book of a Goodreads library export, with what booktag keeps of it: the book, what the
/// reader did with it and the shelves it is on. The review and private notes are not kept.
public struct ExportRow: Equatable, Sendable {
    /// Goodreads' book id: the book is a Goodreads book, as on a shelf feed.
    public var bookID: Int
    /// The title.
    public var title: String
    /// The author, as `Author` says.
    public var author: String?
    /// From `ISBN` (written `="0441172717"` by Goodreads), checked.
    public var isbn10: String?
    /// From `ISBN13`, checked.
    public var isbn13: String?
    /// `My Rating`, 1 to 5; 0 is `nil`.
    public var myRating: Int?
    /// `Average Rating`.
    public var averageRating: Double?
    /// `Publisher`.
    public var publisher: String?
    /// `Number of Pages`.
    public var pageCount: Int?
    /// `Year Published`.
    public var yearPublished: Int?
    /// `Original Publication Year`.
    public var originalPublicationYear: Int?
    /// `YYYY-MM-DD`.
    public var dateRead: String?
    /// `Date Added`, as written.
    public var dateAdded: String?
    /// The exclusive shelf first (`read`, `to-read`, `currently-reading`), then the others, lower-case.
    public var shelves: [String]

    /// A row with nothing but its book, title and shelves.
    public init(bookID: Int, title: String, shelves: [String] = []) {
        self.bookID = bookID
        self.title = title
        self.shelves = shelves
    }

    /// The Goodreads book.
    public var id: BookID { .goodreads(bookID) }

    /// The row as a search result whose cover is at `imageURL`, its details and the reader's
    /// record kept with it.
    public func work(imageURL: String?) -> SearchWork {
        let details = BookDetails(
            id: id, title: title, isbn: isbn10, isbn13: isbn13, imageURL: imageURL, publicationYear: yearPublished,
            originalPublicationYear: originalPublicationYear, publisher: publisher, averageRating: averageRating,
            pageCount: pageCount, authors: author.map { [BookAuthor(id: nil, name: $0)] } ?? [],
            reading: Reading(rating: myRating, dateRead: dateRead))
        return SearchWork(
            id: id, title: title, authorName: author, imageURL: imageURL, averageRating: averageRating,
            originalPublicationYear: originalPublicationYear ?? yearPublished, details: details)
    }
}
