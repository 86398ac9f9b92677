import Foundation

/// Why a file cannot be imported as a Goodreads library export. Nothing is stored in any case.
public enum ExportError: Error, Equatable, Sendable {
    /// The file cannot be opened.
    case cannotOpen(path: String, reason: String)
    /// The file has no bytes.
    case empty(path: String)
    /// The header lacks columns every Goodreads export has.
    case missingColumns([String], path: String)
    /// Not UTF-8 text (a spreadsheet saved in another encoding, or not text at all).
    case unreadableText(path: String)
    /// The header was read but no row was a book.
    case noBooks(path: String, malformed: Int)
}

extension ExportError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot read \(path): \(reason)"
        case let .empty(path):
            "\(path) is empty: export your library again from Goodreads (My Books → Import and export → Export Library)"
        case let .missingColumns(columns, path):
            "\(path) is not a Goodreads library export: it has no \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) column\(columns.count == 1 ? "" : "s"); nothing was stored"
        case let .unreadableText(path):
            "\(path) is not UTF-8 text as Goodreads exports are; nothing was stored"
        case let .noBooks(path, malformed):
            "\(path) has no books\(malformed > 0 ? " (\(malformed) malformed rows skipped)" : ""); nothing was stored"
        }
    }
}
