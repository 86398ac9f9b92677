import Foundation

/// A new tag, as the command line's `add` and serve's add form and API ask for it. Its rules
/// are here once, so both faces refuse the same request with the same words.
public struct AddRequest: Sendable, Equatable {
    /// The tag's name, unchecked.
    public var tag: String
    /// How many books with covers; `nil` is `collage.count`.
    public var count: BookCount?
    /// The source; `nil` is the configured one.
    public var source: SourceKind?
    /// A reader's shelf instead of a search: Goodreads' `USER_ID[/SHELF]`; with the source
    /// `openlibrary` an Open Library reading log, `USER[/SHELF]`; with `hardcover` a status of the
    /// token's library (`read` when none is named); with `bookwyrm`, `USER@INSTANCE[/SHELF]`.
    public var shelf: String?
    /// With a shelf: only the books read in this year.
    public var year: Int?
    /// With `audiobookshelf`: the reader's server (`nil`: `audiobookshelf.server`).
    public var server: String?

    /// The request as given; `checked()` applies the rules.
    public init(
        tag: String, count: BookCount? = nil, source: SourceKind? = nil, shelf: String? = nil, year: Int? = nil,
        server: String? = nil
    ) {
        self.tag = tag
        self.server = server
        self.count = count
        self.source = source
        self.shelf = shelf
        self.year = year
    }

    /// The rules that need no store or network, in the order a reader would fix them.
    public func validate() throws(BookTagFailure) {
        if case .books(let number)? = count, !Self.countRange.contains(number) { throw Self.badCount }
        // A Hardcover tag is always a shelf of the reader's library; an Audiobookshelf tag, the
        // books its user finished.
        let isShelf = shelf != nil || source == .hardcover || source == .audiobookshelf
        if count == .all, !isShelf {
            throw BookTagFailure(.usage, "a count of all needs a shelf: a search has no end to take all of")
        }
        if year != nil, !isShelf {
            throw BookTagFailure(.usage, "a year needs a shelf", advice: .importTheExportForTheYear)
        }
        if let year, !Self.yearRange.contains(year) { throw Self.badYear }
        if let source, !SourceKind.shelves.contains(source) {
            throw BookTagFailure(
                .usage,
                "new tags come from goodreads, openlibrary, hardcover, bookwyrm or audiobookshelf; a Calibre library is imported from its folder",
                advice: .importTheLibrary)
        }
        if source == .bookwyrm, shelf == nil {
            throw BookTagFailure(.usage, "a BookWyrm tag is a reader's shelf: name it as mouse@bookwyrm.social/read")
        }
        if source == .audiobookshelf, shelf != nil {
            throw BookTagFailure(
                .usage, "an Audiobookshelf tag holds the books you finished on your server: it has no shelves to name")
        }
        if server != nil, source != .audiobookshelf {
            throw BookTagFailure(.usage, "a server is named only for an Audiobookshelf tag")
        }
        if source == .bookwyrm, year != nil {
            throw BookTagFailure(
                .usage, BookWyrmError.noReadDates.errorDescription ?? "", advice: .importTheExportForTheYear)
        }
    }

    /// Every rule, then the tag's name and the shelf parsed.
    public func checked() throws -> (name: TagName, origin: TagOrigin?) {
        try validate()
        let name = try TagName(tag)
        let named = source == .audiobookshelf ? (server ?? "") : shelf ?? (source == .hardcover ? "" : nil)
        let origin = try named.map { TagOrigin.shelf(try ShelfReference($0, source: source ?? .goodreads), year: year) }
        return (name, origin)
    }

    /// A count typed as text (a form's field): a number or `all`.
    public static func count(from text: String) throws(BookTagFailure) -> BookCount {
        guard let count = BookCount(parsing: text.trimmingCharacters(in: .whitespaces)) else { throw badCount }
        return count
    }

    /// A year typed as text (a form's field).
    public static func year(from text: String) throws(BookTagFailure) -> Int {
        guard let year = Int(text.trimmingCharacters(in: .whitespaces)) else { throw badYear }
        return year
    }

    private static let badCount = BookTagFailure(.usage, "the count must be between 1 and 100, or all with a shelf")
    private static let badYear = BookTagFailure(.usage, "the year must be a four-digit year such as 2025")

    /// A number of books a tag may be asked for.
    public static let countRange = 1...100
    /// A year a shelf may be filtered by.
    public static let yearRange = 1000...9999
}
