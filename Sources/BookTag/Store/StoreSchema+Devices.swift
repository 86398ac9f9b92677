import GRDB

extension StoreSchema {
    /// v13: the e-readers that sync into `serve` (`booktag devices`). A device's password is kept
    /// only as a salted hash of its MD5 (the key KOReader's progress sync sends; Basic auth's
    /// password is hashed the same way), so neither the password nor its MD5 is in the store.
    /// Each device's last statistics upload is kept as rows (`deviceBook`, `devicePageStat`), so
    /// that the union of every device's readings can be made again at each sync, and so that a
    /// backup holds them. A device's rows outlive the device (`devices remove` revokes, it does
    /// not forget): they name it by an id never reused. `readingProgress` is the progress sync's
    /// record, one row per document.
    static func migrateToDevices(_ db: Database) throws {
        try db.create(table: "device") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("key", .text).notNull().unique()  // the name in lower case, as devices log in
            t.column("name", .text).notNull()
            t.column("salt", .text).notNull()  // 16 random bytes, hex
            t.column("keyHash", .text).notNull()  // HMAC-SHA256(salt, md5(password)), hex
            t.column("createdAt", .integer).notNull()  // milliseconds since 1970
            t.column("lastSyncAt", .integer)
        }
        try db.create(table: "deviceBook") { t in
            t.column("device", .integer).notNull()
            t.column("id", .integer).notNull()  // the book's id in the device's database
            t.column("title", .text).notNull()
            t.column("authors", .text)
            t.column("pages", .integer).notNull()
            t.column("md5", .text)
            t.primaryKey(["device", "id"])
        }
        try db.create(table: "devicePageStat") { t in
            t.column("device", .integer).notNull()
            t.column("book", .integer).notNull()
            t.column("page", .integer).notNull()
            t.column("start", .integer).notNull()  // seconds since 1970
            t.column("seconds", .integer).notNull()
            t.column("totalPages", .integer).notNull()
        }
        try db.create(index: "devicePageStat_by_device", on: "devicePageStat", columns: ["device", "book"])
        try db.create(table: "readingProgress") { t in
            t.primaryKey("document", .text)  // KOReader's document key: the file's partial MD5
            t.column("progress", .text).notNull()  // KOReader's position (an XPointer or a page)
            t.column("percentage", .double).notNull()  // 0…1
            t.column("deviceModel", .text).notNull()  // what KOReader calls the device
            t.column("deviceID", .text).notNull()
            t.column("deviceName", .text).notNull()  // the booktag device that sent it
            t.column("updatedAt", .integer).notNull()  // seconds since 1970
        }
    }
}
