import Foundation
import GRDB

extension BookStore {
    /// Keeps `key` as the link of the tag `name`; nil when there is no such tag. A tag has one
    /// link: the one it has is kept.
    func addShareLink(_ key: String, for name: TagName, language: Language, at date: Date) throws -> ShareLink? {
        try write { db in
            guard let id = try Self.tag(name, in: db)?.id else { return nil }
            try db.execute(
                sql: "INSERT OR IGNORE INTO shareLink (key, tagId, createdAt, language) VALUES (?, ?, ?, ?)",
                arguments: [key, id, date.storeMilliseconds, language.code])
            return try Self.shareLink(tagID: id, in: db)
        }
    }

    /// The link of the tag `name`, if it is shared.
    func shareLink(of name: TagName) throws -> ShareLink? {
        try read { db in
            guard let id = try Self.tag(name, in: db)?.id else { return nil }
            return try Self.shareLink(tagID: id, in: db)
        }
    }

    /// Removes the link of the tag `name`; false when it had none.
    func removeShareLink(of name: TagName) throws -> Bool {
        try write { db in
            try db.execute(
                sql: "DELETE FROM shareLink WHERE tagId = (SELECT id FROM tag WHERE key = ?)", arguments: [name.key])
            return db.changesCount > 0
        }
    }

    /// Every link, in the tags' order.
    func shareLinks() throws -> [ShareLink] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT shareLink.key, tag.name, shareLink.createdAt, shareLink.language FROM shareLink
                    JOIN tag ON tag.id = shareLink.tagId ORDER BY tag.key
                    """
            ).map(Self.shareLink)
        }
    }

    private static func shareLink(tagID: Int64, in db: Database) throws -> ShareLink? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT shareLink.key, tag.name, shareLink.createdAt, shareLink.language FROM shareLink
                JOIN tag ON tag.id = shareLink.tagId WHERE shareLink.tagId = ?
                """, arguments: [tagID]
        ).map(shareLink)
    }

    private static func shareLink(_ row: Row) -> ShareLink {
        ShareLink(
            key: row[0], tag: row[1], createdAt: Date(storeMilliseconds: row[2]),
            language: (row[3] as String?).flatMap(Language.init(code:)) ?? .english)
    }
}
