import GRDB

/// A book of a tag as listed: the set's data plus the ISBNs and the reader's record when its
/// details are known.
public struct TagBookEntry: Equatable, Sendable, FetchableRecord {
    /// The book as the tag keeps it.
    public var book: TagBook
    /// From the book's details, when known.
    public var isbn10: String?
    /// From the book's details, when known.
    public var isbn13: String?
    /// The reader's own record, for books from their shelf or export.
    public var reading: Reading?
    /// Whether the cover was drawn by booktag (the book has none anywhere).
    public var coverDrawn: Bool

    public init(row: Row) {
        book = TagBook(row: row)
        isbn10 = row["isbn10"]
        isbn13 = row["isbn13"]
        reading = Reading(row: row)
        coverDrawn = row["coverDrawn"] ?? false
    }
}
