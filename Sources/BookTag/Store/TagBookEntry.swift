import GRDB

/// A book of a tag as listed: the set's data plus the ISBNs and the reader's record when its
/// details are known.
public struct TagBookEntry: Equatable, Sendable, FetchableRecord {
    public var book: TagBook
    public var isbn10: String?
    public var isbn13: String?
    /// The reader's own record, for books from their shelf or export.
    public var reading: Reading?

    public init(row: Row) {
        book = TagBook(row: row)
        isbn10 = row["isbn10"]
        isbn13 = row["isbn13"]
        let reading = Reading(rating: row["myRating"], dateRead: row["dateRead"])
        self.reading = reading.isEmpty ? nil : reading
    }
}
