import Foundation

/// One book as a collage shows it. Entries come from the store (`booktag collage`) or from a
/// gathering not yet stored (`add`, `reroll`), so a new collage can be ready before the set it
/// shows is committed.
struct CollageEntry: Sendable {
    var bookID: BookID
    var title: String
    var author: String?
    var year: Int?
    var rating: Double?
    /// The cover file, relative to the data folder (`covers/ab/….png`).
    var coverPath: String
    /// The cover's bytes when they are already in memory; otherwise read from `coverPath`.
    var cover: Data?

    init(
        bookID: BookID, title: String, author: String?, year: Int?, rating: Double?, coverPath: String,
        cover: Data? = nil
    ) {
        self.bookID = bookID
        self.title = title
        self.author = author
        self.year = year
        self.rating = rating
        self.coverPath = coverPath
        self.cover = cover
    }

    init(_ entry: TagBookEntry) {
        self.init(
            bookID: entry.book.bookID, title: entry.book.title, author: entry.book.authorName,
            year: entry.book.originalPublicationYear, rating: entry.book.averageRating, coverPath: entry.book.coverPath)
    }

    init(_ book: GatheredBook) throws {
        let file = try CoverFileStore.describe(book.cover, title: book.work.title)
        self.init(
            bookID: book.work.id, title: book.work.title, author: book.work.authorName,
            year: book.work.originalPublicationYear, rating: book.work.averageRating, coverPath: file.path,
            cover: book.cover)
    }
}
