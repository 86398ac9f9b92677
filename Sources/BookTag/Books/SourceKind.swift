/// The services books come from. A book's identity and a tag's source name one of these, so
/// that the store, `reroll` and `show` know whom to ask again.
public enum SourceKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case goodreads
    case openlibrary

    /// The name readers know the service by, for captions and messages.
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        case .openlibrary: "Open Library"
        }
    }

    public var description: String { rawValue }
}
