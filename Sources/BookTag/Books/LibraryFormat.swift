/// Where a reader's library export comes from: which service wrote the file, and so how its
/// books are named (`list`: "Goodreads export, shelf read") and where their identity comes from.
public enum LibraryFormat: String, Sendable, Codable, CaseIterable {
    /// A Goodreads library export (`goodreads_library_export.csv`): its books are Goodreads books.
    case goodreads

    /// "Goodreads".
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        }
    }

    /// The source the imported books are books of: Goodreads for its own export; for the others,
    /// the Open Library work the cover search matched.
    public var booksSource: SourceKind {
        switch self {
        case .goodreads: .goodreads
        }
    }
}
