import GRDB

/// A book of a tag as listed: the set's data plus the ISBNs when its details are known.
public struct TagBookEntry: Equatable, Sendable, FetchableRecord {
    public var book: TagBook
    public var isbn10: String?
    public var isbn13: String?

    public init(row: Row) {
        book = TagBook(row: row)
        isbn10 = row["isbn10"]
        isbn13 = row["isbn13"]
    }
}
