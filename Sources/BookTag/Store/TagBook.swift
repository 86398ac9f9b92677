import GRDB

/// A book in a tag's current set: what the search said about it and where its cover is.
public struct TagBook: Equatable, Sendable, Codable {
    public var id: Int64?
    public var tagId: Int64
    /// 0-based place in the collage.
    public var position: Int
    public var goodreadsID: Int
    public var workID: Int?
    public var title: String
    public var authorID: Int?
    public var authorName: String?
    public var imageURL: String?
    public var averageRating: Double?
    public var ratingsCount: Int?
    public var originalPublicationYear: Int?
    /// The cover file, relative to the data folder (`covers/ab/ab12….jpg`).
    public var coverPath: String
}

extension TagBook: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "tagBook"

    public enum Columns {
        public static let tagId = Column(CodingKeys.tagId)
        public static let position = Column(CodingKeys.position)
        public static let coverPath = Column(CodingKeys.coverPath)
    }

    public init(row: Row) {
        id = row["id"]
        tagId = row["tagId"]
        position = row["position"]
        goodreadsID = row["goodreadsID"]
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

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
