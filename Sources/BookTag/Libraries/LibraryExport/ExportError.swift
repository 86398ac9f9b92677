import Foundation

/// Why a file cannot be imported as a reader's library export. Nothing is stored in any case.
public enum ExportError: BookTagError, Equatable {
    /// The file cannot be opened.
    case cannotOpen(path: String, reason: String)
    /// The file has no bytes.
    case empty(path: String)
    /// The header lacks columns every export of `format` has.
    case missingColumns([String], path: String, format: LibraryFormat = .goodreads)
    /// The file is no export booktag knows: `firstLine` is how it starts.
    case unknownFormat(path: String, firstLine: String)
    /// Not UTF-8 text (a spreadsheet saved in another encoding, or not text at all).
    case unreadableText(path: String)
    /// The header was read but no row was a book.
    case noBooks(path: String, malformed: Int)
    /// A JSON export that stops before its end: a download cut short.
    case cutOff(path: String)
    /// A JSON export that is not well-formed JSON.
    case malformedJSON(path: String)
    /// The file has `what`, beyond one of `ExportLimits`.
    case beyondLimit(path: String, what: String)
}

extension ExportError {
    /// A file that cannot be opened is not found; any other is the file's fault.
    public var kind: BookTagFailure.Kind {
        if case .cannotOpen = self { return .notFound }
        return .data
    }

    /// What the reader can change.
    public var advice: Advice? {
        if case .unknownFormat = self { return .nameTheFormat }
        return nil
    }

    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot read \(path): \(reason)"
        case .empty(let path):
            "\(path) is empty: export your library again"
        case .unknownFormat(let path, let firstLine):
            "\(path) is no library export booktag knows (\(LibraryFormat.allCases.map(\.fileDescription).joined(separator: ", "))): its first line is \"\(Self.shown(firstLine))\""
        case .missingColumns(let columns, let path, let format):
            "\(path) is not a \(format.fileDescription): it has no \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) column\(columns.count == 1 ? "" : "s"); nothing was stored"
        case .unreadableText(let path):
            "\(path) is not UTF-8 text as the services' exports are; nothing was stored"
        case .cutOff(let path):
            "\(path) stops before its end (the download was cut short): export your library again; nothing was stored"
        case .malformedJSON(let path):
            "\(path) is not well-formed JSON; nothing was stored"
        case .beyondLimit(let path, let what):
            "\(path) has \(what), beyond what booktag reads from an export; nothing was stored"
        case .noBooks(let path, let malformed):
            "\(path) has no books\(malformed > 0 ? " (\(malformed) malformed rows skipped)" : ""); nothing was stored"
        }
    }

    /// The same refusal naming `file` as `name` (as the reader named it, not where it is kept; a
    /// file inside a library folder keeps its place in it).
    func naming(_ file: URL, as name: String) -> ExportError {
        func renamed(_ path: String) -> String {
            path.hasPrefix(file.path) ? name + path.dropFirst(file.path.count) : path
        }
        return switch self {
        case .cannotOpen(let path, let reason): .cannotOpen(path: renamed(path), reason: reason)
        case .empty(let path): .empty(path: renamed(path))
        case .missingColumns(let columns, let path, let format):
            .missingColumns(columns, path: renamed(path), format: format)
        case .unknownFormat(let path, let firstLine): .unknownFormat(path: renamed(path), firstLine: firstLine)
        case .unreadableText(let path): .unreadableText(path: renamed(path))
        case .noBooks(let path, let malformed): .noBooks(path: renamed(path), malformed: malformed)
        case .cutOff(let path): .cutOff(path: renamed(path))
        case .beyondLimit(let path, let what): .beyondLimit(path: renamed(path), what: what)
        case .malformedJSON(let path): .malformedJSON(path: renamed(path))
        }
    }

    /// At most 80 characters of a line, control characters as spaces: it goes into a message.
    static func shown(_ line: String) -> String {
        let cleaned = String(
            line.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return cleaned.count > 80 ? cleaned.prefix(80) + "…" : cleaned
    }
}
