import Foundation

/// Reads a Goodreads library export (`goodreads_library_export.csv`) with the one streaming CSV
/// reader: Goodreads' columns, its `="…"` ISBNs, its exclusive shelf first.
public enum ExportReader {
    /// The columns without which a file is not a Goodreads export.
    public static let requiredColumns = [
        "Book Id", "Title", "Author", "ISBN", "ISBN13", "Date Read", "Bookshelves", "Exclusive Shelf",
    ]

    /// What a read found besides the rows.
    public typealias Summary = LibraryCSV.Summary

    /// Reads `file`, handing each well-formed row to `body` in file order.
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> Summary {
        try LibraryCSV.read(
            file, format: .goodreads, requiredColumns: requiredColumns,
            map: { columns, fields, _ in book(columns, fields) }, body)
    }

    /// A row's book, or `nil` without a book id or a title.
    static func book(_ columns: LibraryCSV.Columns, _ fields: [String]) -> ImportedBook? {
        func field(_ name: String) -> String? { columns.field(name, in: fields) }
        guard let id = field("Book Id").flatMap(Int.init), id > 0,
            let title = field("Title")?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty
        else { return nil }
        var row = ImportedBook(key: String(id), identity: .goodreads(id), title: title)
        row.author = field("Author")
        let isbn13 = field("ISBN13").flatMap { try? ISBN($0) }
        let isbn10 = field("ISBN").flatMap { try? ISBN($0) }
        row.isbn13 = isbn13?.isbn13 ?? isbn10?.isbn13
        row.isbn10 = isbn10?.isbn10 ?? isbn13?.isbn10
        row.stars = field("My Rating").flatMap(Int.init).flatMap { (1...5).contains($0) ? Double($0) : nil }
        row.averageRating = field("Average Rating").flatMap(Double.init)
        row.publisher = field("Publisher")
        row.pageCount = field("Number of Pages").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        row.yearPublished = field("Year Published").flatMap(Int.init)
        row.originalPublicationYear = field("Original Publication Year").flatMap(Int.init)
        row.dateRead = field("Date Read").flatMap(ExportReader.day)
        row.dateAdded = field("Date Added").flatMap(ExportReader.day)
        row.shelves = ImportedBook.shelfNames(
            [field("Exclusive Shelf")].compactMap({ $0 })
                + (field("Bookshelves")?.split(separator: ",").map(String.init) ?? []))
        return row
    }

    /// `2025/03/14` (Goodreads' form) or `2025-03-14` as `2025-03-14`.
    static func day(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" })
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            return nil
        }
        return Reading.day(year: year, month: month, day: day)
    }
}
