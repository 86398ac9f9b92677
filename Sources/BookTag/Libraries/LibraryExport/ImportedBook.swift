import Foundation

/// One book of a reader's library export, as any format's reader gives it to the one importer:
/// the book as the file names it, what the reader did with it, and the shelves it is on. Reviews
/// and private notes are not kept.
public struct ImportedBook: Equatable, Sendable {
    /// Unique within its file: how the importer tells its books apart (Goodreads: the book id).
    public var key: String
    /// The book's identity when the file says it (a Goodreads export's book id); `nil` when only
    /// the cover search can tell (then the Open Library work it matched).
    public var identity: BookID?
    /// The title.
    public var title: String
    /// The (first) author.
    public var author: String?
    /// The ISBN-10, checked.
    public var isbn10: String?
    /// The ISBN-13, checked.
    public var isbn13: String?
    /// The reader's stars as written, in quarter steps where the service allows them (3.75);
    /// `nil` for none.
    public var stars: Double?
    /// Paper, ebook or audio, when the service records it.
    public var readingFormat: ReadingFormat?
    /// The average rating the service shows.
    public var averageRating: Double?
    /// The publisher.
    public var publisher: String?
    /// The page count.
    public var pageCount: Int?
    /// The edition's year.
    public var yearPublished: Int?
    /// The year of first publication.
    public var originalPublicationYear: Int?
    /// When the reader last finished it, `YYYY-MM-DD`.
    public var dateRead: String?
    /// Every day the reader finished it (re-reads), when the service keeps them.
    public var readDates: [String] = []
    /// The day each read began, by its finish, where the service keeps it.
    public var readStarts: [String: String] = [:]
    /// StoryGraph's moods, lower-case.
    public var moods: [String] = []
    /// StoryGraph's pace.
    public var pace: ReadingPace?
    /// The time the reader's device recorded them reading it, start order (KOReader).
    public var intervals: ReadingIntervals = []
    /// When the reader shelved it, `YYYY-MM-DD`.
    public var dateAdded: String?
    /// The cover the library keeps beside the book (Calibre's `cover.jpg`): used as it is, with
    /// no look-up or download.
    public var coverFile: URL?
    /// The cover's bytes, where the reader's own file holds it (the EPUB a KOReader book was read
    /// from): used as it is, like `coverFile`.
    public var coverData: Data?
    /// The description, as HTML (sanitised wherever it is shown).
    public var descriptionHTML: String?
    /// The file names the book but not its title and author (Open Library's reading log): the
    /// cover search's answer gives them.
    public var needsDetails = false
    /// The service's main shelf first (`read`, `to-read`, `currently-reading`), then the others, lower-case.
    public var shelves: [String]

    /// The reader's stars to the nearest whole star (halves up), 1 to 5.
    public var myRating: Int? { reading.rating }

    /// What the reader wrote of the book, as the store keeps it.
    public var reading: Reading {
        var reading = Reading(
            stars: stars, dateRead: dateRead, readDates: readDates, readStarts: readStarts,
            format: readingFormat, moods: moods, pace: pace)
        reading.intervals = intervals
        return reading
    }

    /// Whether the reader finished the book in `year`, on any of their reads.
    public func wasRead(in year: Int) -> Bool { reading.wasRead(in: year) }

    /// Shelf names as every format's reader keeps them: trimmed, none empty, each once whatever
    /// its case (as the reader first spelled it: tags keep their first spelling), in the order the
    /// file gives them (its main shelf first).
    public static func shelfNames(_ names: some Sequence<String>) -> [String] {
        var shelves: [String] = []
        var seen: Set<String> = []
        for shelf in names {
            let name = shelf.trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, seen.insert(name.lowercased()).inserted { shelves.append(name) }
        }
        return shelves
    }

    /// A book with nothing but its key, identity, title and shelves.
    public init(key: String, identity: BookID? = nil, title: String, shelves: [String] = []) {
        self.key = key
        self.identity = identity
        self.title = title
        self.shelves = shelves
    }

    /// The book as a search result of `identity` whose cover is at `imageURL`, its details and
    /// the reader's record kept with it.
    public func work(identity id: BookID, imageURL: String?, pagesFromOpenLibrary: Int? = nil) -> SearchWork {
        let details = BookDetails(
            id: id, title: title, isbn: isbn10, isbn13: isbn13, imageURL: imageURL, publicationYear: yearPublished,
            originalPublicationYear: originalPublicationYear, publisher: publisher, averageRating: averageRating,
            pageCount: pageCount ?? pagesFromOpenLibrary, authors: author.map { [BookAuthor(id: nil, name: $0)] } ?? [],
            reading: reading.isEmpty ? nil : reading)
        var described = details
        described.descriptionHTML = descriptionHTML
        if pageCount == nil, pagesFromOpenLibrary != nil { described.pageCountSource = .openlibrary }
        return SearchWork(
            id: id, title: title, authorName: author, imageURL: imageURL, averageRating: averageRating,
            originalPublicationYear: originalPublicationYear ?? yearPublished, details: described)
    }
}

/// An import writes the rows it reads to a scratch file and reads each back as it needs it
/// (`ExportRows`), so a large export is not held in memory.
extension ImportedBook: Codable {}
