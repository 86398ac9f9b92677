import GRDB

/// A cover image kept as a file beside the database, named by its content's SHA-256 so that
/// one image used by several books or tags is stored once.
struct CoverFile: Equatable, Sendable, Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "coverFile"

    /// Relative to the data folder: `covers/<first two hex digits>/<sha256>.<ext>`.
    var path: String
    var sha256: String
    var format: ImageInfo.Format
    var width: Int
    var height: Int
    var byteCount: Int
}
