import Foundation

/// Where a reader's library export comes from: which service wrote the file, and so how its
/// books are named (`list`: "StoryGraph export, shelf read") and where their identity comes from.
public enum LibraryFormat: String, Sendable, Codable, CaseIterable {
    /// A Goodreads library export (`goodreads_library_export.csv`): its books are Goodreads books.
    case goodreads
    /// A StoryGraph export CSV: its books are found at Open Library by ISBN, or title and author.
    case storygraph
    /// LibraryThing's TSV export: found at Open Library as StoryGraph's are.
    case librarything
    /// A Calibre library folder (or its `metadata.db`): its books and covers are its own.
    case calibre
    /// Open Library's reading-log export: works by id, their titles and covers from Open Library.
    case openlibrary
    /// BookWyrm's CSV export: found at Open Library by ISBN, or title and author.
    case bookwyrm
    /// KOReader's statistics database (`statistics.sqlite3`): found at Open Library by title and author.
    case koreader

    /// "Goodreads", "StoryGraph".
    public var displayName: String {
        switch self {
        case .goodreads: "Goodreads"
        case .storygraph: "StoryGraph"
        case .librarything: "LibraryThing"
        case .calibre: "Calibre"
        case .openlibrary: "Open Library"
        case .bookwyrm: "BookWyrm"
        case .koreader: "KOReader"
        }
    }

    /// What a tag made from it is named after: "Goodreads export", "Calibre library".
    public var listingName: String { listingName(in: .english) }

    /// The same in the reader's language.
    public func listingName(in words: Words) -> String {
        switch self {
        case .calibre: words("Calibre library")
        case .openlibrary: words("Open Library reading log")
        case .koreader: words("KOReader statistics")
        default: words("%s export", displayName)
        }
    }

    /// What the reader gives, for messages: "Goodreads library export CSV".
    public var fileDescription: String { fileDescription(in: .english) }

    /// The same in the reader's language (the import page's menu).
    public func fileDescription(in words: Words) -> String {
        switch self {
        case .goodreads: words("Goodreads library export CSV")
        case .storygraph: words("StoryGraph export CSV")
        case .librarything: words("LibraryThing export (TSV, JSON or the old CSV)")
        case .calibre: words("Calibre library folder")
        case .openlibrary: words("Open Library reading-log CSV")
        case .bookwyrm: words("BookWyrm export CSV")
        case .koreader: words("KOReader statistics database (statistics.sqlite3)")
        }
    }

    /// The source the imported books are books of: Goodreads for its own export; for the others,
    /// the Open Library work the cover search matched.
    public var booksSource: SourceKind {
        switch self {
        case .goodreads: .goodreads
        case .storygraph, .librarything, .openlibrary, .bookwyrm, .koreader: .openlibrary
        case .calibre: .calibre
        }
    }

    /// The format a file's content says it is, by its header row.
    public static func detect(_ file: URL) throws -> LibraryFormat {
        if CalibreReader.isLibrary(file) { return .calibre }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        // A folder is read as a Calibre library, the one format that is a folder.
        guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
            throw ExportError.cannotOpen(path: file.path, reason: "it is no Calibre library: it has no metadata.db")
        }
        guard ((attributes[.size] as? NSNumber)?.int64Value ?? 0) > 0 else { throw ExportError.empty(path: file.path) }
        if KOReaderReader.isStatistics(file) { return .koreader }
        let line = try LibraryCSV.firstLine(of: file)
        // LibraryThing's header is tab-separated, and its file need not be UTF-8 past it.
        let tabbed = Set(line.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) })
        if tabbed.isSuperset(of: ["Book Id", "Primary Author", "Collections"]) { return .librarything }
        if LibraryThingLegacyReader.isHeader(line) { return .librarything }
        if try isLibraryThingJSON(file) { return .librarything }
        guard try LibraryCSV.isUTF8(file) else { throw ExportError.unreadableText(path: file.path) }
        let names = Set(line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) })
        if names.isSuperset(of: ["Book Id", "Exclusive Shelf"]) { return .goodreads }
        if names.isSuperset(of: ["ISBN/UID", "Read Status"]) { return .storygraph }
        if names.isSuperset(of: ["Work Id", "Bookshelf"]) { return .openlibrary }
        if names.isSuperset(of: BookWyrmExportReader.requiredColumns) { return .bookwyrm }
        throw ExportError.unknownFormat(path: file.path, firstLine: line)
    }

    /// A JSON object whose first book has LibraryThing's keys (looked for in the first 64 KiB).
    private static func isLibraryThingJSON(_ file: URL) throws -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        let start = String(decoding: (try? handle.read(upToCount: 1 << 16)) ?? nil ?? Data(), as: UTF8.self)
        return start.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{")
            && start.contains("\"primaryauthor\"") && start.contains("\"title\"")
    }

    /// Reads `file` as this format, handing each book to `body` in file order; refuses a file of
    /// more than `ExportLimits.books` books when it reaches the first one past it.
    /// A database (KOReader's) is read from a copy made in `scratch` (the system's temporary
    /// folder when `nil`; booktag passes its home); `books`, the reader's folder of book files,
    /// gives KOReader's books the covers inside them.
    public func read(
        _ file: URL, scratch: URL? = nil, books folder: URL? = nil, _ body: (ImportedBook) throws -> Void
    ) throws -> LibraryCSV.Summary {
        try read(file, maximumBooks: ExportLimits.books, scratch: scratch, books: folder, body)
    }

    func read(
        _ file: URL, maximumBooks: Int, scratch: URL? = nil, books folder: URL? = nil,
        _ body: (ImportedBook) throws -> Void
    ) throws -> LibraryCSV.Summary {
        var books = 0
        let counted: (ImportedBook) throws -> Void = { book in
            books += 1
            guard books <= maximumBooks else {
                throw ExportError.beyondLimit(
                    path: file.path, what: "more than \(GroupedNumber.text(maximumBooks)) books")
            }
            try body(book)
        }
        return switch self {
        case .goodreads: try ExportReader.read(file, counted)
        case .storygraph: try StoryGraphReader.read(file, counted)
        case .librarything: try LibraryThingReader.read(file, counted)
        case .calibre: try CalibreReader.read(file, counted)
        case .openlibrary: try ReadingLogReader.read(file, counted)
        case .bookwyrm: try BookWyrmExportReader.read(file, counted)
        case .koreader: try KOReaderReader.read(file, scratch: scratch, books: folder, counted)
        }
    }
}
