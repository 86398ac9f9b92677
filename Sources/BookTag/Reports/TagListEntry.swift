import Foundation

/// A tag as `list --json` and serve's `/api/tags` show it.
public struct TagListEntry: Encodable, Sendable {
    /// The tag's name as first spelt.
    public let name: String
    /// Where its books come from.
    public let source: SourceKind
    /// For a tag made from a reader's shelf or export: which, and the year kept.
    public let from: String?
    /// How many books it holds.
    public let books: Int
    /// When its books were last fetched.
    public let lastFetched: Date?
    /// Its collage file, when one exists.
    public let collage: String?
    /// How the collage was last drawn.
    public let collageStyle: CollageStyle?

    /// Every tag of `store`, in the store's order.
    public static func entries(store: BookStore) throws -> [TagListEntry] { entries(try store.tags(), store: store) }

    /// `tags` with their collage files (one look at the collages folder for all of them).
    public static func entries(_ tags: [Tag], store: BookStore) -> [TagListEntry] {
        let collages = CollageMaker(store: store).collageFiles(forKeys: tags.map(\.key))
        return zip(tags, collages).map { tag, collage in
            TagListEntry(
                name: tag.name, source: tag.source, from: tag.origin?.displayName, books: tag.bookCount,
                lastFetched: tag.lastFetchedAt, collage: collage, collageStyle: collage == nil ? nil : tag.collageStyle)
        }
    }
}
