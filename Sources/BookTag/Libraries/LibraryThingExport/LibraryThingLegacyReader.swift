import Foundation

/// Reads LibraryThing's CSV export from before 2015 with the one streaming CSV reader: quote
/// marks inside the column names (`'TITLE'`, `'AUTHOR (first, last)'`), `?` for an unknown
/// date, ISBNs bracketed (`[0345497503]`, `[]`), the reader's shelves in `COLLECTIONS` and
/// `TAGS`, whole stars in `RATINGS` (0: none), and no read dates. Like today's TSV it is not
/// UTF-8 throughout: stray bytes are read as ISO 8859-1.
public enum LibraryThingLegacyReader {
    /// The columns without which a file is not this export (names as written, quotes dropped).
    public static let requiredColumns = ["TITLE", "AUTHOR (first, last)", "COLLECTIONS"]

    /// Whether a header line is this export's.
    static func isHeader(_ line: String) -> Bool {
        line.hasPrefix("'TITLE'") && line.contains("'COLLECTIONS'")
    }

    /// Reads `file`, handing each row with a title to `body` in file order.
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        var number = 0
        return try LibraryCSV.readRepairingText(
            file, format: .librarything, requiredColumns: requiredColumns,
            map: { columns, fields, _ in
                number += 1
                return book(columns, fields, row: number)
            }, body)
    }

    static func book(_ columns: LibraryCSV.Columns, _ fields: [String], row: Int) -> ImportedBook? {
        func field(_ name: String) -> String? { columns.field(name, in: fields) }
        guard let title = field("TITLE")?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else {
            return nil
        }
        var book = ImportedBook(key: "row \(row)", title: title)
        book.author = field("AUTHOR (first, last)")
        let isbns = (field("ISBNs").map(LibraryThingReader.unbracket) ?? "").components(separatedBy: ",")
        let isbn = isbns.lazy.compactMap { try? ISBN($0.trimmingCharacters(in: .whitespaces)) }.first
        book.isbn13 = isbn?.isbn13
        book.isbn10 = isbn?.isbn10
        book.stars = field("RATINGS").flatMap(Double.init).flatMap { (0.5...5).contains($0) ? $0 : nil }
        book.yearPublished = field("DATE").flatMap { Int($0.prefix(4)) }
        book.publisher = field("PUBLICATION INFO").flatMap {
            $0 == "Publisher Unknown" ? nil : $0.components(separatedBy: " (").first
        }
        book.dateAdded = field("ENTRY DATE").flatMap { LibraryThingReader.day(String($0.prefix(10))) }
        book.shelves = ImportedBook.shelfNames(
            (field("COLLECTIONS")?.components(separatedBy: ",") ?? [])
                + (field("TAGS")?.components(separatedBy: ",") ?? []))
        return book
    }
}
