/// The services books come from. A book's identity and a tag's source name one of these, so
/// that the store, `reroll` and `show` know whom to ask again.
public enum SourceKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Goodreads: searches with a key, a reader's public shelves, library exports.
    case goodreads
    /// Open Library: subjects and books, no key.
    case openlibrary
    /// Hardcover: a reader's own library, through its GraphQL API and a personal token.
    case hardcover
    /// BookWyrm: a reader's public shelf on any instance of the federated network, no key.
    case bookwyrm
    /// Audiobookshelf: a reader's own audiobook server, its finished books and listening
    /// sessions, through its API and the reader's token.
    case audiobookshelf
    /// A reader's Calibre library, read from its folder: books are made again by importing it,
    /// never searched or fetched.
    case calibre
    /// A book of a reader's library file that no service could match (a StoryGraph row Open
    /// Library does not know): kept with a drawn cover, made again by importing, never fetched.
    case library

    /// The sources a reader can search or fetch from (`--source`, `"source"`).
    public static let searchable: [SourceKind] = [.goodreads, .openlibrary]
    /// The sources `--source` names for a reader's shelf (`add --shelf`).
    public static let shelves: [SourceKind] = [.goodreads, .openlibrary, .hardcover, .bookwyrm, .audiobookshelf]

    /// The name readers know the service by, for captions and messages.
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        case .openlibrary: "Open Library"
        case .hardcover: "Hardcover"
        case .bookwyrm: "BookWyrm"
        case .audiobookshelf: "Audiobookshelf"
        case .calibre: "Calibre"
        case .library: "your library"
        }
    }

    public var description: String { rawValue }

    /// Its name in the reader's language (only "your library" changes).
    public func displayName(in words: Words) -> String {
        self == .library ? words("your library") : displayName
    }
}
