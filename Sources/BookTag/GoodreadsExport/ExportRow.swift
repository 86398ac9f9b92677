import Foundation

/// One book of a Goodreads library export, with what booktag keeps of it: the book, what the
/// reader did with it and the shelves it is on. The review and private notes are not kept.
public struct ExportRow: Equatable, Sendable {
    /// Goodreads' book id: the book is a Goodreads book, as on a shelf feed.
    public var bookID: Int
    public var title: String
    public var author: String?
    public var isbn10: String?
    public var isbn13: String?
    public var myRating: Int?
    public var averageRating: Double?
    public var publisher: String?
    public var pageCount: Int?
    public var yearPublished: Int?
    public var originalPublicationYear: Int?
    /// `YYYY-MM-DD`.
    public var dateRead: String?
    public var dateAdded: String?
    /// The exclusive shelf first (`read`, `to-read`, `currently-reading`), then the others, lower-case.
    public var shelves: [String]

    public init(bookID: Int, title: String, shelves: [String] = []) {
        self.bookID = bookID
        self.title = title
        self.shelves = shelves
    }

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
