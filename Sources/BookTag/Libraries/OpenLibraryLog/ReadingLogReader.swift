import Foundation

/// Reads Open Library's reading-log export (`Work Id,Edition Id,Bookshelf`). It names each book
/// by its work alone, with no title, author or date: the cover search looks the works up by key
/// and brings their titles and authors back (`ImportedBook.needsDetails`).
public enum ReadingLogReader {
    /// The columns of the export.
    public static let requiredColumns = ["Work Id", "Bookshelf"]

    /// Reads `file`, handing each row with a work id to `body` in file order.
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        try LibraryCSV.read(
            file, format: .openlibrary, requiredColumns: requiredColumns,
            map: { columns, fields, _ in
                book(columns, fields)
            }, body)
    }

    /// A row's book, or `nil` without a work id.
    static func book(_ columns: LibraryCSV.Columns, _ fields: [String]) -> ImportedBook? {
        guard let work = columns.field("Work Id", in: fields).flatMap(BookID.openLibraryWorkID) else { return nil }
        var book = ImportedBook(key: work, identity: .openLibrary(work), title: work)
        book.needsDetails = true
        // `Want to Read`, `Currently Reading`, `Already Read` as the shelf names Open Library's URLs use.
        if let shelf = columns.field("Bookshelf", in: fields) {
            book.shelves = [shelf.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "-")]
        }
        return book
    }
}
