/// The services books come from. A book's identity and a tag's source name one of these, so
/// that the store, `reroll` and `show` know whom to ask again.
public enum SourceKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Goodreads: searches with a key, a reader's public shelves, library exports.
    case goodreads
    /// Open Library: subjects and books, no key.
    case openlibrary
    /// A reader's Calibre library, read from its folder: books are made again by importing it,
    /// never searched or fetched.
    case calibre

    /// The sources a reader can search or fetch from (`--source`, `"source"`).
    public static let searchable: [SourceKind] = [.goodreads, .openlibrary]

    /// The name readers know the service by, for captions and messages.
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        case .openlibrary: "Open Library"
        case .calibre: "Calibre"
        }
    }

    public var description: String { rawValue }
}
