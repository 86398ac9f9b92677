import Foundation
import GRDB

/// A book's details as kept in the store, so that `show` of a known book needs no network.
/// One row per book (source and id), shared by every tag the book is in.
public struct StoredBook: Equatable, Sendable {
    /// What is known of the book.
    public var details: BookDetails
    /// Normalised forms, for lookups; `nil` when the source gave none or an invalid one.
    public var isbn10: String?
    /// The ISBN-13, normalised; `nil` when the source gave none or an invalid one.
    public var isbn13: String?
    /// The cover file, relative to the data folder, when one was kept.
    public var coverPath: String?
    /// When the details were fetched.
    public var fetchedAt: Date
    /// The description as the terminal shows it (``HTMLSanitizer/plainText(fromHTML:)`` of
    /// `details.descriptionHTML`), kept so that showing a stored book needs no HTML parser.
    public var descriptionText: String?
    /// Whether the details were fetched for the book itself (by `show`), not brought by a tag's
    /// listing: only those outlive the last tag that holds the book.
    var fetchedForItself: Bool

    /// Details as `show` keeps them.
    public init(details: BookDetails, coverPath: String?, fetchedAt: Date) {
        self.init(details: details, coverPath: coverPath, fetchedAt: fetchedAt, fetchedForItself: true)
    }

    init(details: BookDetails, coverPath: String?, fetchedAt: Date, fetchedForItself: Bool) {
        self.details = details
        self.fetchedForItself = fetchedForItself
        descriptionText = details.descriptionHTML.map(HTMLSanitizer.plainText(fromHTML:))
        let isbn =
            (details.isbn13 ?? details.isbn).flatMap { try? ISBN($0) }
            ?? details.isbn.flatMap { try? ISBN($0) }
        isbn13 = isbn?.isbn13
        isbn10 = isbn?.isbn10
        self.coverPath = coverPath
        self.fetchedAt = fetchedAt.roundedToStorePrecision
    }
}

extension StoredBook: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "book"

    /// The book's row, by its primary key in plain SQL: GRDB's look-up by a key dictionary first
    /// reads the table's schema (a third of a stored `show`'s store time).
    static func fetchOne(_ db: Database, id: BookID) throws -> StoredBook? {
        try fetchOne(
            db, sql: "SELECT * FROM book WHERE source = ? AND sourceID = ?", arguments: [id.source.rawValue, id.value])
    }

    public init(row: Row) throws {
        let authorsJSON: String = row["authors"]
        details = BookDetails(
            id: BookID(row: row), title: row["title"], isbn: row["isbn"], isbn13: row["rawISBN13"],
            imageURL: row["imageURL"], smallImageURL: row["smallImageURL"],
            publicationYear: row["publicationYear"], publicationMonth: row["publicationMonth"],
            publicationDay: row["publicationDay"], originalPublicationYear: row["originalPublicationYear"],
            workID: row["workID"], publisher: row["publisher"], descriptionHTML: row["descriptionHTML"],
            averageRating: row["averageRating"], ratingsCount: row["ratingsCount"], pageCount: row["pageCount"],
            format: row["format"],
            authors: try JSONDecoder().decode([BookAuthor].self, from: Data(authorsJSON.utf8)))
        details.reading = Reading(row: row)
        details.pageCountSource = (row["pageCountSource"] as String?).map(SourceKind.init(storedValue:))
        isbn10 = row["isbn10"]
        isbn13 = row["isbn13"]
        coverPath = row["coverPath"]
        fetchedAt = Date(storeMilliseconds: row["fetchedAt"])
        fetchedForItself = row["fetchedForItself"]
        descriptionText = row["descriptionText"]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["source"] = details.id.source.rawValue
        container["sourceID"] = details.id.value
        container["title"] = details.title
        container["isbn"] = details.isbn
        container["rawISBN13"] = details.isbn13
        container["isbn10"] = isbn10
        container["isbn13"] = isbn13
        container["imageURL"] = details.imageURL
        container["smallImageURL"] = details.smallImageURL
        container["publicationYear"] = details.publicationYear
        container["publicationMonth"] = details.publicationMonth
        container["publicationDay"] = details.publicationDay
        container["originalPublicationYear"] = details.originalPublicationYear
        container["workID"] = details.workID
        container["publisher"] = details.publisher
        container["descriptionHTML"] = details.descriptionHTML
        container["averageRating"] = details.averageRating
        container["ratingsCount"] = details.ratingsCount
        container["pageCount"] = details.pageCount
        container["format"] = details.format
        container["authors"] = String(decoding: try JSONEncoder().encode(details.authors), as: UTF8.self)
        container["coverPath"] = coverPath
        Reading.encode(details.reading, to: &container)
        container["pageCountSource"] = details.pageCountSource?.rawValue
        container["fetchedAt"] = fetchedAt.storeMilliseconds
        container["fetchedForItself"] = fetchedForItself
        container["descriptionText"] = descriptionText
    }
}
