import Foundation
import GRDB

extension BookStore {
    /// What the store keeps to recognise a device: never its password or the password's MD5.
    struct DeviceCredentials: Sendable {
        var id: Int64
        var name: String
        var salt: String
        var keyHash: String
    }

    /// Adds a device; `nil` when one of that name (in any case) exists.
    func addDevice(name: String, salt: String, keyHash: String, at date: Date) throws -> Device? {
        try write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM device WHERE key = ?", arguments: [name.lowercased()]) == nil
            else { return nil }
            try db.execute(
                sql: "INSERT INTO device (key, name, salt, keyHash, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [name.lowercased(), name, salt, keyHash, date.storeMilliseconds])
            return Device(name: name, createdAt: date.roundedToStorePrecision, lastSyncAt: nil)
        }
    }

    /// Every device, by name.
    public func devices() throws -> [Device] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT name, createdAt, lastSyncAt FROM device ORDER BY key").map { row in
                Device(
                    name: row[0], createdAt: Date(storeMilliseconds: row[1]),
                    lastSyncAt: (row[2] as Int64?).map(Date.init(storeMilliseconds:)))
            }
        }
    }

    /// Removes the device named `name` (any case); its readings stay. `false` when there is none.
    func removeDevice(_ name: String) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM device WHERE key = ?", arguments: [name.lowercased()])
            return db.changesCount > 0
        }
    }

    func deviceCredentials(_ name: String) throws -> DeviceCredentials? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT id, name, salt, keyHash FROM device WHERE key = ?", arguments: [name.lowercased()]
            ).map { DeviceCredentials(id: $0[0], name: $0[1], salt: $0[2], keyHash: $0[3]) }
        }
    }

    /// Replaces everything device `id` sent before with `books` and their rows, in one
    /// transaction; `false` when the device was removed meanwhile (nothing is stored then).
    func replaceDeviceReadings(device id: Int64, books: [KOReaderBook], at date: Date) throws -> Bool {
        try write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM device WHERE id = ?", arguments: [id]) != nil else {
                return false
            }
            try db.execute(sql: "DELETE FROM devicePageStat WHERE device = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM deviceBook WHERE device = ?", arguments: [id])
            let book = try db.makeStatement(
                sql: "INSERT INTO deviceBook (device, id, title, authors, pages, md5) VALUES (?, ?, ?, ?, ?, ?)")
            let row = try db.makeStatement(
                sql:
                    "INSERT INTO devicePageStat (device, book, page, start, seconds, totalPages) VALUES (?, ?, ?, ?, ?, ?)"
            )
            for entry in books {
                try book.execute(arguments: [id, entry.id, entry.title, entry.authors, entry.pages, entry.md5])
                for stat in entry.rows {
                    try row.execute(arguments: [id, stat.book, stat.page, stat.start, stat.seconds, stat.totalPages])
                }
            }
            try db.execute(
                sql: "UPDATE device SET lastSyncAt = ? WHERE id = ?", arguments: [date.storeMilliseconds, id])
            return true
        }
    }

    /// Every device's books (`device`, `id`, `title`, `authors`, `pages`, `md5`) and, in start
    /// order, their rows, each handed to `body` with its book's key in the union.
    func eachDeviceReading(
        books: (Int64, Int64, String, String?, Int, String?) throws -> Void,
        rows: (Int64, Int64, Int, Int64, Int, Int) throws -> Void
    ) throws {
        try read { db in
            let bookCursor = try Row.fetchCursor(
                db, sql: "SELECT device, id, title, authors, pages, md5 FROM deviceBook ORDER BY device, id")
            while let row = try bookCursor.next() { try books(row[0], row[1], row[2], row[3], row[4], row[5]) }
            let rowCursor = try Row.fetchCursor(
                db,
                sql: "SELECT device, book, page, start, seconds, totalPages FROM devicePageStat ORDER BY start, device")
            while let row = try rowCursor.next() { try rows(row[0], row[1], row[2], row[3], row[4], row[5]) }
        }
    }

    /// Keeps a progress sync's position for `progress.document`, replacing the one before.
    public func saveProgress(_ progress: ReadingProgress) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO readingProgress (document, progress, percentage, deviceModel, deviceID, deviceName, updatedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(document) DO UPDATE SET progress = excluded.progress, percentage = excluded.percentage,
                        deviceModel = excluded.deviceModel, deviceID = excluded.deviceID,
                        deviceName = excluded.deviceName, updatedAt = excluded.updatedAt
                    """,
                arguments: [
                    progress.document, progress.progress, progress.percentage, progress.device, progress.deviceID,
                    progress.deviceName, progress.timestamp,
                ])
        }
    }

    /// The last position kept for `document`.
    public func progress(document: String) throws -> ReadingProgress? {
        try read { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT document, progress, percentage, deviceModel, deviceID, deviceName, updatedAt FROM readingProgress WHERE document = ?",
                arguments: [document]
            ).map(ReadingProgress.init(row:))
        }
    }

    /// The positions of the books of KOReader's devices, by title as the devices name them
    /// (lower case, trimmed): what a tag of their readings shows on its books.
    public func progressByTitle() throws -> [String: ReadingProgress] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.document, p.progress, p.percentage, p.deviceModel, p.deviceID, p.deviceName, p.updatedAt,
                           (SELECT title FROM deviceBook WHERE lower(md5) = p.document LIMIT 1)
                    FROM readingProgress p ORDER BY p.updatedAt
                    """)
            var found: [String: ReadingProgress] = [:]
            for row in rows {
                guard let title: String = row[7] else { continue }
                found[ReadingProgress.titleKey(title)] = ReadingProgress(row: row)
            }
            return found
        }
    }
}
