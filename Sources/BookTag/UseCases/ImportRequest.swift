import Foundation

/// A reader's library to make tags from, as `import` and serve's upload ask for it: any format
/// `LibraryFormat` reads, a tag per shelf, or one tag filtered by shelf and year.
public struct ImportRequest: Sendable, Equatable {
    /// The export file.
    public var file: URL
    /// Only books on this shelf.
    public var shelf: String?
    /// Only books read in this year.
    public var year: Int?
    /// The one tag's name (default: the shelf and the year, as "read 2025").
    public var tag: String?
    /// Books with covers per tag; `nil`: all.
    public var count: BookCount?
    /// The service that wrote the file; `nil`: recognised by its content.
    public var format: LibraryFormat?
    /// Put before each tag's name made from a shelf ("StoryGraph" makes "StoryGraph read"), so
    /// that a second service's shelves do not meet the first's.
    public var prefix: String?
    /// The reader's folder of book files (KOReader's statistics): a book's cover is the one
    /// inside the file it was read from, matched by KOReader's partial MD5.
    public var booksFolder: URL?
    /// How messages and the report name the file (an upload's own name); `nil`: its path as given.
    public var name: String?
    /// With a tag per shelf, a tag per year a book was finished in too (`ExportSelection.yearTags`).
    public var yearTags = false
    /// The request as given; `validate()` applies the rules.
    public init(
        file: URL, shelf: String? = nil, year: Int? = nil, tag: String? = nil, count: BookCount? = nil,
        format: LibraryFormat? = nil,
        prefix: String? = nil
    ) {
        self.file = file
        self.prefix = prefix
        self.format = format
        self.shelf = shelf
        self.year = year
        self.tag = tag
        self.count = count
    }

    /// The rules that need no file read.
    public func validate() throws(BookTagFailure) {
        // An export's tag may hold every book of a shelf: no upper bound.
        if case .books(let number)? = count, number < 1 {
            throw BookTagFailure(.usage, "the count must be a number above 0, or all")
        }
        if let year, !AddRequest.yearRange.contains(year) {
            throw BookTagFailure(.usage, "the year must be a four-digit year such as 2025")
        }
        if let shelf, shelf.trimmingCharacters(in: .whitespaces).isEmpty {
            throw BookTagFailure(.usage, "a shelf needs its name, such as read")
        }
        if let booksFolder {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: booksFolder.path, isDirectory: &isFolder), isFolder.boolValue
            else {
                throw BookTagFailure(.usage, "\(booksFolder.relativePath) is not a folder of books")
            }
            if let format, format != .koreader {
                throw BookTagFailure(.usage, "a folder of books goes with KOReader's statistics only")
            }
        }
        if let prefix {
            do { _ = try TagName(prefix + " read") } catch {
                throw BookTagFailure(.usage, "the prefix cannot make a tag name: \(error.localizedDescription)")
            }
        }
    }

    /// The file named as the reader named it, for messages.
    var fileName: String { name ?? file.relativePath }
}
