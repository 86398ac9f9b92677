import GRDB

/// A cover path whose file may have lost its last reference, or may have been written for a
/// change that never committed. The sweep settles each one and deletes the row. This small
/// intent log is what lets a crash at any moment be cleaned up without listing `covers/`.
struct CoverCheck: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "coverCheck"
    var path: String
}
