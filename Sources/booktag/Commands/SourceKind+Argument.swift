import ArgumentParser
import BookTag

/// `--source goodreads|openlibrary`; help lists the choices. A Calibre library is imported, not
/// searched, so it is no choice here.
extension SourceKind: ExpressibleByArgument {
    public init?(argument: String) {
        guard let kind = SourceKind(rawValue: argument), SourceKind.shelves.contains(kind) else { return nil }
        self = kind
    }

    public static var allValueStrings: [String] { shelves.map(\.rawValue) }
}

/// `--format goodreads|storygraph`; help lists the choices.
extension LibraryFormat: ExpressibleByArgument {}
