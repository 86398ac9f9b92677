import GRDB

extension SourceKind {
    /// A `source` column's value. Every row written so far names a known source; a value from a
    /// later booktag is read as Goodreads, the source every row had before sources were stored.
    init(storedValue: String) {
        self = SourceKind(rawValue: storedValue) ?? .goodreads
    }
}

extension BookID {
    /// The book a row's `source` and `sourceID` columns name (`book`, `tagBook`).
    init(row: Row) {
        self.init(source: SourceKind(storedValue: row["source"]), value: row["sourceID"])
    }
}
