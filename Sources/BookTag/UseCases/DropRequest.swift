/// Books to take out of a tag, as `drop` and serve's drop form and API ask for it.
public struct DropRequest: Sendable, Equatable {
    /// Positions, source ids or ISBNs.
    public var books: [String]
    /// Refill each place from the tag's source.
    public var replace: Bool

    /// The request as given; `validate()` applies the rules.
    public init(books: [String], replace: Bool = false) {
        self.books = books
        self.replace = replace
    }

    /// At least one book, at most 100.
    public func validate() throws(BookTagFailure) {
        if books.isEmpty {
            throw BookTagFailure(.usage, "name at least one book to drop: a position, a source id or an ISBN")
        }
        if books.count > 100 { throw BookTagFailure(.usage, "at most 100 books at a time") }
    }
}
