import Foundation

/// What booktag holds of a stranger's export at once, whatever the file says of itself. Each
/// limit is far above what the services write (a Goodreads review tops out near 20,000
/// characters; the largest libraries hold tens of thousands of books), and each is checked before
/// the thing it bounds is held: a file beyond one is refused whole, with one line naming the
/// limit, and nothing is stored.
public enum ExportLimits {
    /// Books one import reads.
    public static let books = 100_000
    /// Bytes in one field of a CSV or TSV row, or one string of a JSON export.
    public static let fieldBytes = 1 << 20
    /// Fields in one row.
    public static let fieldsPerRow = 1_000
    /// Bytes in one line of LibraryThing's TSV (which has no quoting, so a line is a row).
    public static let lineBytes = 4 << 20
    /// Arrays and objects inside one another in a JSON export (LibraryThing's nests 3 deep).
    public static let nesting = 32
    /// Bytes of an export that is read whole: LibraryThing's JSON and its old CSV.
    public static let wholeFileBytes = 256 << 20

    /// The bytes of an export that is read whole, refused past `wholeFileBytes` before any is read.
    static func readWhole(_ file: URL) throws -> Data {
        let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= wholeFileBytes else {
            throw ExportError.beyondLimit(path: file.path, what: "more than \(describe(bytes: wholeFileBytes))")
        }
        guard let data = try? FileBytes.read(file) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        return data
    }

    /// `bytes` as a reader would say it: `1 MiB`.
    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}
