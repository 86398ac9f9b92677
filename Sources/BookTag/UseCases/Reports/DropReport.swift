/// What `drop` answers, on the command line (`--json`) and as serve's job result.
public struct DropReport: Encodable, Sendable {
    /// The tag's name as first spelt.
    public let tag: String
    /// The books taken out.
    public let dropped: [BookRow]
    /// How many places were refilled (`--replace`).
    public let replacements: Int
    /// Places the source had no other book for, closed up.
    public let unfilled: Int
    /// The tag's books now, in collage order.
    public let books: [BookRow]
    /// The collages drawn again.
    public let collages: [String]

    /// The report of `outcome`, rows made with `store`'s cover paths.
    public init(_ outcome: TagMaker.DropOutcome, store: BookStore) {
        tag = outcome.tag.name
        dropped = outcome.dropped.map { BookRow($0, store: store) }
        replacements = outcome.replacements
        unfilled = outcome.unfilled
        books = outcome.books.map { BookRow($0, store: store) }
        collages = outcome.collages.map(\.file.path)
    }
}
