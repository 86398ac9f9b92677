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

    /// Every tag of `store`, in the store's order, with its collage file. The collages folder is
    /// read on another core while the store answers (at 1,000 tags each takes about a
    /// millisecond).
    public static func entries(store: BookStore) throws -> [TagListEntry] {
        let folder = store.home.collagesFolder.path
        let listing = BackgroundValue { CollageListing(folder: folder) }
        let tags = try store.tags()
        let collages = listing.take()!.files(forKeys: tags.map(\.key))
        return zip(tags, collages).map { tag, collage in
            TagListEntry(
                name: tag.name, source: tag.source, from: tag.origin?.displayName, books: tag.bookCount,
                lastFetched: tag.lastFetchedAt, collage: collage, collageStyle: collage == nil ? nil : tag.collageStyle)
        }
    }
}
