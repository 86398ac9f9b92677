import Foundation

/// One `<item>` of a Goodreads shelf feed: a book on the reader's shelf, with what the reader
/// did with it.
public struct ShelfItem: Equatable, Sendable {
    public var bookID: Int
    public var title: String
    public var authorName: String?
    /// As the feed writes it (ISBN-10, sometimes empty).
    public var isbn: String?
    /// `book_large_image_url`, else `book_image_url`.
    public var imageURL: String?
    /// HTML, untrusted: show it only through `HTMLSanitizer`.
    public var descriptionHTML: String?
    public var averageRating: Double?
    public var publishedYear: Int?
    public var pageCount: Int?
    /// The year part of `user_read_at`, as the reader's own calendar wrote it; `nil` if unread.
    public var readYear: Int?
    /// `user_read_at` as a date, for ordering.
    public var readAt: Date?
    /// The reader's own stars, 1–5; `nil` for none (the feed writes 0).
    public var userRating: Int?

    public init(bookID: Int, title: String) {
        self.bookID = bookID
        self.title = title
    }

    /// The item as a search result, for gathering: a Goodreads book.
    public var work: SearchWork {
        SearchWork(
            id: .goodreads(bookID), title: title, authorName: authorName, imageURL: imageURL, averageRating: averageRating,
            originalPublicationYear: publishedYear)
    }
}
