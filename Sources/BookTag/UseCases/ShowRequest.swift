/// One book, as `show` and serve's book pages ask for it: by ISBN (from a source chosen as for a
/// new tag, unless named) or by a source's id.
public struct ShowRequest: Sendable, Equatable {
    /// An ISBN-10 or ISBN-13, unchecked.
    public var isbn: String?
    /// A Goodreads id (digits) or an Open Library work id, unchecked.
    public var id: String?
    /// For an ISBN booktag does not know: where to ask.
    public var source: SourceKind?

    /// The request as given; `query()` applies the rules.
    public init(isbn: String? = nil, id: String? = nil, source: SourceKind? = nil) {
        self.isbn = isbn
        self.id = id
        self.source = source
    }

    /// The rules that need nothing parsed.
    public func validate() throws(BookTagFailure) {
        switch (isbn, id) {
        case (nil, nil): throw BookTagFailure(.usage, "give an ISBN, or the id of a Goodreads or Open Library book")
        case (.some, .some): throw BookTagFailure(.usage, "give an ISBN or an id, not both")
        case (nil, let id?) where BookID(parsing: id) == nil:
            throw BookTagFailure(
                .usage, "an id is a Goodreads book id (digits) or an Open Library work id (such as OL45804W)")
        case (nil, .some) where source != nil:
            throw BookTagFailure(.usage, "a source is chosen for an ISBN only: an id names its source")
        default: break
        }
    }

    /// Every rule, then the ISBN's checksum.
    public func query() throws -> BookLookup.Query {
        try validate()
        if let id, let parsed = BookID(parsing: id) { return .id(parsed) }
        return .isbn(try ISBN(isbn ?? ""))
    }
}
