import Foundation
import GRDB

/// A tag's cover whose source may hold it larger: what a print asks for.
public struct LargestCoverRequest: Sendable, Equatable {
    /// The stored cover screens use.
    public var path: String
    /// Where its source keeps the largest form (`LargestCoverAddress`).
    public var address: String
    /// The stored cover's width: a largest form no wider than this is not kept.
    public var width: Int
    /// The stored cover's height: a largest form no taller than this is not kept.
    public var height: Int
    /// The book's title, for messages.
    public var title: String
}

extension BookStore {
    /// The covers of `name`'s first `limit` books whose source may keep them larger and has not
    /// been asked yet (drawn covers and sources already at their largest are left out).
    public func coversWantingLargest(of name: TagName, limit: Int) throws -> [LargestCoverRequest] {
        let rows = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT tagBook.coverPath, tagBook.imageURL, tagBook.title, coverFile.width, coverFile.height,
                           coverFile.drawn, coverLargest.path IS NOT NULL AS asked
                    FROM tag
                    JOIN tagBook ON tagBook.tagId = tag.id
                    JOIN coverFile ON coverFile.path = tagBook.coverPath
                    LEFT JOIN coverLargest ON coverLargest.path = tagBook.coverPath
                    WHERE tag.key = ?
                    ORDER BY tagBook.position
                    LIMIT ?
                    """, arguments: [name.key, limit])
        }
        var seen = Set<String>()
        return rows.compactMap { row in
            let path: String = row["coverPath"]
            guard !row["asked"], !row["drawn"], seen.insert(path).inserted,
                let address = LargestCoverAddress.address(for: row["imageURL"])
            else { return nil }
            return LargestCoverRequest(
                path: path, address: address, width: row["width"], height: row["height"], title: row["title"])
        }
    }

    /// Keeps what a source answered for the cover at `path`: its largest form (`data`), or
    /// (`nil`) that it has nothing larger, so that no later print asks again. The file is
    /// written before the row that names it; a cover that left the store meanwhile keeps nothing.
    public func keepLargestCover(of path: String, _ data: Data?, title: String, askedAt: Date = Date()) throws {
        let file = try data.map { try CoverFileStore.describe($0, title: title) }
        let coversLock = try FileLock(path: home.coversLockFile.path, mode: .shared)
        defer { coversLock.unlock() }
        if let file, let data {
            try write { db in try Self.recordChecks([file.path], in: db) }
            try writeCoverFiles([(file, data)])
        }
        try write { db in
            try file?.insert(db, onConflict: .ignore)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO coverLargest (path, largestPath, askedAt)
                    SELECT path, ?, ? FROM coverFile WHERE path = ?
                    """, arguments: [file?.path, Int64(askedAt.timeIntervalSince1970 * 1000), path])
        }
    }

    /// The largest form kept of each of `name`'s covers that has one, by the cover's path.
    public func largestCoverPaths(of name: TagName) throws -> [String: String] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT tagBook.coverPath, coverLargest.largestPath
                    FROM tag
                    JOIN tagBook ON tagBook.tagId = tag.id
                    JOIN coverLargest ON coverLargest.path = tagBook.coverPath
                    WHERE tag.key = ? AND coverLargest.largestPath IS NOT NULL
                    """, arguments: [name.key])
            return Dictionary(
                rows.map { ($0["coverPath"], $0["largestPath"]) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
