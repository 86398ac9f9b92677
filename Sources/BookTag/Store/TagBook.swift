import GRDB

/// A book in a tag's current set: what the search said about it and where its cover is.
public struct TagBook: Equatable, Sendable {
    /// The row's id; `nil` before it is stored.
    public var id: Int64?
    /// The tag's row.
    public var tagId: Int64
    /// 0-based place in the collage.
    public var position: Int
    /// The book.
    public var bookID: BookID
    /// Goodreads' work id, when the source is Goodreads.
    public var workID: Int?
    /// The title, as the search gave it.
    public var title: String
    /// The author's id at the source.
    public var authorID: Int?
    /// The first author.
    public var authorName: String?
    /// Where the cover came from.
    public var imageURL: String?
    /// Readers' mean rating.
    public var averageRating: Double?
    /// How many readers rated it.
    public var ratingsCount: Int?
    /// The year first published.
    public var originalPublicationYear: Int?
    /// The cover file, relative to the data folder (`covers/ab/ab12….jpg`).
    public var coverPath: String
}

extension TagBook: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "tagBook"

    /// The columns queries name (GRDB asks for them).
    public enum Columns {
        /// The `tagId` column.
        public static let tagId = Column("tagId")
        /// The `position` column.
        public static let position = Column("position")
        /// The `coverPath` column.
        public static let coverPath = Column("coverPath")
    }

    public init(row: Row) {
        id = row["id"]
        tagId = row["tagId"]
        position = row["position"]
        bookID = BookID(row: row)
        workID = row["workID"]
        title = row["title"]
        authorID = row["authorID"]
        authorName = row["authorName"]
        imageURL = row["imageURL"]
        averageRating = row["averageRating"]
        ratingsCount = row["ratingsCount"]
        originalPublicationYear = row["originalPublicationYear"]
        coverPath = row["coverPath"]
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["tagId"] = tagId
        container["position"] = position
        container["source"] = bookID.source.rawValue
        container["sourceID"] = bookID.value
        container["workID"] = workID
        container["title"] = title
        container["authorID"] = authorID
        container["authorName"] = authorName
        container["imageURL"] = imageURL
        container["averageRating"] = averageRating
        container["ratingsCount"] = ratingsCount
        container["originalPublicationYear"] = originalPublicationYear
        container["coverPath"] = coverPath
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
