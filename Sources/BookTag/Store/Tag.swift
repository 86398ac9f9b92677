import Foundation
import GRDB

/// A tag and the state of its current set of books.
public struct Tag: Equatable, Sendable, Codable {
    /// The row's id; `nil` before it is stored.
    public var id: Int64?
    /// The normalised identity (see `TagName.key`); unique.
    public var key: String
    /// The first spelling the user typed.
    public var name: String
    /// Where the tag's books come from; `reroll` asks the same source again.
    public var source: SourceKind
    /// How a tag from a reader's shelf or export was made; `nil` for a search of `source`.
    public var origin: TagOrigin?
    /// When the tag was made.
    public var createdAt: Date
    /// When the current set was gathered.
    public var lastFetchedAt: Date?
    /// What the search reported across all its pages when the set was gathered.
    public var totalResults: Int
    /// Results per search page, as the server reported it.
    public var pageSize: Int?
    /// The search page the current set was gathered from first.
    public var startPage: Int
    /// Books in the current set, kept with the set so that listing tags reads one table.
    public var bookCount: Int
    /// How the tag's collage in the collages folder was last drawn.
    public var collageStyle: CollageStyle? = nil

    /// Where the books come from, for people: "Open Library", "Goodreads shelf 12345/read".
    public var sourceDescription: String { sourceDescription(in: .english) }

    /// The same in the reader's language.
    public func sourceDescription(in words: Words) -> String {
        origin?.displayName(in: words) ?? source.displayName(in: words)
    }
}

extension Tag: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "tag"
    static let books = hasMany(TagBook.self)
    /// The columns `init(row:)` reads by position, in its order; the listing index covers them all.
    /// The same columns as SQL, for reads that skip the query builder's schema look-ups.
    static let selectedColumns =
        "id, key, name, createdAt, lastFetchedAt, totalResults, pageSize, startPage, bookCount, source, origin, collageStyle"

    public static var databaseSelection: [any SQLSelectable] {
        [
            Column("id"), Column("key"), Column("name"), Column("createdAt"), Column("lastFetchedAt"),
            Column("totalResults"),
            Column("pageSize"), Column("startPage"), Column("bookCount"), Column("source"), Column("origin"),
            Column("collageStyle"),
        ]
    }

    /// The columns queries name (GRDB asks for them).
    public enum Columns {
        /// The `key` column.
        public static let key = Column(CodingKeys.key)
        /// The `name` column.
        public static let name = Column(CodingKeys.name)
    }

    public init(row: Row) {
        id = row[0]
        key = row[1]
        name = row[2]
        createdAt = Date(storeMilliseconds: row[3])
        lastFetchedAt = (row[4] as Int64?).map(Date.init(storeMilliseconds:))
        totalResults = row[5]
        pageSize = row[6]
        startPage = row[7]
        bookCount = row[8]
        source = SourceKind(storedValue: row[9])
        origin = TagOrigin(storedValue: row[10])
        collageStyle = (row[11] as String?).flatMap(Self.decodedStyle)
    }

    /// Styles decoded so far, by their stored JSON: most tags of a home share a few styles, and
    /// decoding one with JSONDecoder costs more than reading the rest of the row (13 µs a tag).
    private static let decodedStyles = Locked<[String: CollageStyle]>([:])

    private static func decodedStyle(_ json: String) -> CollageStyle? {
        if let known = decodedStyles.withLock({ $0[json] }) { return known }
        guard let style = try? JSONDecoder().decode(CollageStyle.self, from: Data(json.utf8)) else { return nil }
        decodedStyles.withLock { styles in
            if styles.count < 256 { styles[json] = style }
        }
        return style
    }

    public func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["key"] = key
        container["name"] = name
        container["source"] = source.rawValue
        container["origin"] = origin?.storedValue
        container["createdAt"] = createdAt.storeMilliseconds
        container["lastFetchedAt"] = lastFetchedAt?.storeMilliseconds
        container["totalResults"] = totalResults
        container["pageSize"] = pageSize
        container["startPage"] = startPage
        container["bookCount"] = bookCount
        container["collageStyle"] = collageStyle.flatMap { try? CollageStyle.encoder.encode($0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
