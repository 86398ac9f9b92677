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
    /// A cover booktag drew (`DrawnCover`) for a reader's book that has none anywhere.
    var drawn = false
}

extension CoverFile {
    /// From a `coverFile` row; a row from before store v9 (no `drawn`) is a real cover.
    init(row: Row) throws {
        path = row["path"]
        sha256 = row["sha256"]
        format = ImageInfo.Format(rawValue: row["format"]) ?? .jpeg
        width = row["width"]
        height = row["height"]
        byteCount = row["byteCount"]
        drawn = row["drawn"] ?? false
    }
}
