import Foundation

/// One `<item>` of a Goodreads shelf feed: a book on the reader's shelf, with what the reader
/// did with it.
public struct ShelfItem: Equatable, Sendable {
    /// Goodreads' book id.
    public var bookID: Int
    /// The title.
    public var title: String
    /// The author.
    public var authorName: String?
    /// As the feed writes it (ISBN-10, sometimes empty).
    public var isbn: String?
    /// `book_large_image_url`, else `book_image_url`.
    public var imageURL: String?
    /// HTML, untrusted: show it only through `HTMLSanitizer`.
    public var descriptionHTML: String?
    /// Readers' mean rating.
    public var averageRating: Double?
    /// `book_published`.
    public var publishedYear: Int?
    /// `num_pages`.
    public var pageCount: Int?
    /// `user_read_at` as the day it names (`YYYY-MM-DD`), as written.
    public var readDay: String?
    /// The year part of `user_read_at`, as the reader's own calendar wrote it; `nil` if unread.
    public var readYear: Int? { readDay.flatMap { Int($0.prefix(4)) } }
    /// The reader's own stars, 1–5; `nil` for none (the feed writes 0).
    public var userRating: Int?

    /// An item with nothing but its book and title.
    public init(bookID: Int, title: String) {
        self.bookID = bookID
        self.title = title
    }

    /// The item as a search result, for gathering: a Goodreads book, with what the shelf says
    /// about it (ISBN, pages, description, the reader's stars and date) as its details.
    public var work: SearchWork {
        let id = BookID.goodreads(bookID)
        let isbn = isbn.flatMap { try? ISBN($0) }
        let details = BookDetails(
            id: id, title: title, isbn: isbn?.isbn10, isbn13: isbn?.isbn13, imageURL: imageURL,
            originalPublicationYear: publishedYear, descriptionHTML: descriptionHTML, averageRating: averageRating,
            pageCount: pageCount, authors: authorName.map { [BookAuthor(id: nil, name: $0)] } ?? [],
            reading: Reading(rating: userRating, dateRead: readDay))
        return SearchWork(
            id: id, title: title, authorName: authorName, imageURL: imageURL, averageRating: averageRating,
            originalPublicationYear: publishedYear, details: details)
    }
}
