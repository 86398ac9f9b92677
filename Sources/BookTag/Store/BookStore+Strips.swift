import Foundation
import GRDB

extension BookStore {
    /// One cover of a tag's strip: enough to draw it and link to it.
    public struct StripCover: Sendable, Equatable {
        /// The book's title, for the image's description.
        public var title: String
        /// Its author, for the same.
        public var author: String?
        /// The book, to link to.
        public var bookID: BookID
        /// Its cover file, relative to the data folder.
        public var coverPath: String
    }

    /// The first `count` covers of every tag, by tag key, in one read: a page of all the tags
    /// (`booktag serve`) shows a strip of each without one query per tag.
    public func coverStrips(first count: Int) throws -> [String: [StripCover]] {
        try read { db in
            var strips: [String: [StripCover]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT tag.key, tagBook.title, tagBook.authorName, tagBook.source, tagBook.sourceID, tagBook.coverPath
                    FROM tagBook JOIN tag ON tag.id = tagBook.tagId
                    WHERE tagBook.position < ? ORDER BY tag.key, tagBook.position
                    """,
                arguments: [count])
            while let row = try rows.next() {
                strips[row["key"], default: []].append(
                    StripCover(
                        title: row["title"], author: row["authorName"], bookID: BookID(row: row),
                        coverPath: row["coverPath"]))
            }
            return strips
        }
    }
}
