import GRDB

/// A cover image kept as a file beside the database, named by its content's SHA-256 so that
/// one image used by several books or tags is stored once.
public struct CoverFile: Equatable, Sendable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "coverFile"

    /// Relative to the data folder: `covers/<first two hex digits>/<sha256>.<ext>`.
    public var path: String
    public var sha256: String
    public var format: ImageInfo.Format
    public var width: Int
    public var height: Int
    public var byteCount: Int
}
