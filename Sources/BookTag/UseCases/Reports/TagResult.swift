import Foundation

/// What `add` and `reroll` answer, on the command line (`--json`) and as serve's job results: the
/// tag's books and the collage's path.
public struct TagResult: Encodable, Sendable {
    /// The tag's name as first spelt.
    public let tag: String
    /// Where the books come from.
    public let source: SourceKind
    /// For a tag made from a reader's shelf or export: which, and the year kept.
    public let from: String?
    /// False when `add` found the tag already there and changed nothing.
    public let changed: Bool
    /// How many books were asked for (at most what the source had with covers).
    public let wanted: Int
    /// The source's pages read, in order.
    public let pagesFetched: [Int]
    /// How many results the source reported.
    public let totalResults: Int?
    /// The tag's books, in collage order.
    public let books: [BookRow]
    /// The collage's path, when one was drawn.
    public let collage: String?
    /// How the collage was drawn.
    public let collageStyle: CollageStyle?

    /// The result of a gathering (`outcome`), or of an `add` that found the tag there (`nil`).
    public init(tag: Tag, outcome: TagMaker.Outcome?, books: [BookRow], collage: URL?, wanted: Int) {
        self.tag = tag.name
        source = tag.source
        from = tag.origin?.displayName
        changed = outcome != nil
        self.wanted = wanted
        pagesFetched = outcome?.gathering.pagesFetched ?? []
        totalResults = outcome?.gathering.totalResults ?? tag.totalResults
        self.books = books
        self.collage = collage?.path
        collageStyle = outcome?.collage?.style ?? tag.collageStyle
    }
}
