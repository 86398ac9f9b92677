import Foundation

/// How a tag that is not a search was made: from a reader's shelf feed or from their library
/// export. A tag without an origin is a search of its source for its own name. `reroll` and
/// `drop --replace` read it to know where more books come from; `list` and `books` show it.
public enum TagOrigin: Equatable, Sendable, Codable {
    /// A reader's public shelf: a Goodreads shelf (RSS) or an Open Library reading log,
    /// optionally only the books read (Open Library: shelved) in one year.
    case shelf(ShelfReference, year: Int?)
    /// Rows of a reader's library export: one shelf, or every row, optionally one year. A tag
    /// made before booktag read other services' files has no format: Goodreads'.
    case export(format: LibraryFormat?, shelf: String?, year: Int?)

    /// The service whose export made the tag, for an export's tag.
    public var libraryFormat: LibraryFormat? {
        if case .export(let format, _, _) = self { return format ?? .goodreads }
        return nil
    }

    /// Whether the tag was made from an export, and so is made again by importing, not gathered.
    public var isExport: Bool {
        if case .export = self { return true }
        return false
    }

    /// The year the books were read in, when the tag keeps only one.
    public var year: Int? {
        switch self {
        case .shelf(_, let year), .export(_, _, let year): year
        }
    }

    /// "Goodreads shelf 12345/read, read in 2025"; "Goodreads export, shelf favourites";
    /// "Open Library shelf mira/already-read, shelved in 2025".
    public var displayName: String { displayName(in: .english) }

    /// The same in the reader's language.
    public func displayName(in words: Words) -> String {
        listingName(in: words)
            + (year.map { datesAreShelved ? words(", shelved in %s", String($0)) : words(", read in %s", String($0)) }
                ?? "")
    }

    /// Whether the books' days are the days they were shelved, not finished: Open Library's
    /// reading logs keep no other.
    public var datesAreShelved: Bool {
        if case .shelf(let reference, _) = self { return reference.source == .openlibrary }
        return false
    }

    /// The reader's Audiobookshelf server, for a tag of its books.
    public var audiobookshelfServer: URL? {
        if case .shelf(let reference, _) = self { return reference.audiobookshelfServer }
        return nil
    }

    /// The source a shelf's books come from; `nil` for an export.
    public var shelfSource: SourceKind? {
        if case .shelf(let reference, _) = self { return reference.source }
        return nil
    }

    /// The listing the books come from, without the year: "Goodreads shelf 12345/read".
    public var listingName: String { listingName(in: .english) }

    /// The same in the reader's language.
    public func listingName(in words: Words) -> String {
        switch self {
        case .shelf(let reference, _) where reference.source == .audiobookshelf:
            words("Audiobookshelf server %s", reference.description)
        case .shelf(let reference, _): words("%1$s shelf %2$s", reference.source.displayName, reference.description)
        case .export(let format, let shelf, _):
            (format ?? .goodreads).listingName(in: words) + (shelf.map { words(", shelf %s", $0) } ?? "")
        }
    }

    /// Whether a book belongs to the tag: every book, or those read in its year (any of their
    /// reads: a book re-read that year counts once).
    public func admits(_ work: SearchWork) -> Bool {
        guard let year else { return true }
        return work.details?.reading?.wasRead(in: year) == true
    }

    /// For the store: a small JSON object.
    var storedValue: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    init?(storedValue: String?) {
        guard let storedValue, let value = try? JSONDecoder().decode(TagOrigin.self, from: Data(storedValue.utf8))
        else { return nil }
        self = value
    }
}
