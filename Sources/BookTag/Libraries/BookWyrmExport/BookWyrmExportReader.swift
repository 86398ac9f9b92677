import Foundation

/// Reads BookWyrm's CSV export (Settings, Export): `title,author_text,remote_id,
/// openlibrary_key,…,isbn_10,isbn_13,…,start_date,finish_date,stopped_date,rating,…,shelf,
/// shelf_name,shelf_date`, with columns matched by name (versions add some: `pages`,
/// `finna_key`). The days are `YYYY-MM-DD` (a time after them is ignored); the rating is 0.5 to 5
/// stars; the shelf is its identifier (`read`, `to-read`, `cooking-9`) and `shelf_name` how the
/// reader named it. Rows with one `remote_id` are one book.
public enum BookWyrmExportReader {
    /// The columns without which a file is not a BookWyrm export.
    public static let requiredColumns = ["title", "author_text", "remote_id", "finish_date", "shelf"]

    /// Reads `file`, handing each row with a title to `body` in file order.
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        var number = 0
        return try LibraryCSV.read(
            file, format: .bookwyrm, requiredColumns: requiredColumns,
            map: { columns, fields, _ in
                number += 1
                return book(columns, fields, row: number)
            }, body)
    }

    /// A row's book, or `nil` without a title.
    static func book(_ columns: LibraryCSV.Columns, _ fields: [String], row: Int) -> ImportedBook? {
        func field(_ name: String) -> String? {
            columns.field(name, in: fields).map { $0.trimmingCharacters(in: .whitespaces) }.flatMap {
                $0.isEmpty ? nil : $0
            }
        }
        guard let title = field("title") else { return nil }
        // The book's address on its instance names it across rows; the row, when it has none.
        var book = ImportedBook(key: field("remote_id").map { "bookwyrm \($0)" } ?? "row \(row)", title: title)
        book.author = field("author_text").flatMap { $0.components(separatedBy: ", ").first }
        if let isbn = field("isbn_13").flatMap({ try? ISBN($0) }) ?? field("isbn_10").flatMap({ try? ISBN($0) }) {
            book.isbn13 = isbn.isbn13
            book.isbn10 = isbn.isbn10
        }
        book.pageCount = field("pages").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        book.stars = field("rating").flatMap(Double.init).flatMap { (0.25...5).contains($0) ? $0 : nil }
        let finished = field("finish_date").flatMap(day)
        book.readDates = finished.map { [$0] } ?? []
        book.dateRead = finished
        if let finished, let start = field("start_date").flatMap(day) { book.readStarts[finished] = start }
        book.dateAdded = field("shelf_date").flatMap(day)
        // The shelf as the reader named it; BookWyrm's own shelves by their identifiers.
        let identifier = field("shelf")
        let named =
            ["read", "to-read", "reading", "stopped-reading"].contains(identifier ?? "")
            ? identifier : field("shelf_name") ?? identifier
        book.shelves = ImportedBook.shelfNames(named.map { [$0] } ?? [])
        return book
    }

    /// `2022-10-10`, or `2022-10-10 00:00:00+00:00`, as `2022-10-10`.
    static func day(_ text: String) -> String? {
        Reading.day(String(text.prefix(10)))
    }
}
