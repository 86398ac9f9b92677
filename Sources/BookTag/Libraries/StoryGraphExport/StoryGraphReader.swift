import Foundation

/// Reads a StoryGraph export CSV with the one streaming CSV reader. What StoryGraph really writes
/// (fixtures/libraries/PROVENANCE.md): `YYYY/MM/DD` dates (`M/D/YYYY` once a spreadsheet saved
/// it), `Dates Read` as one date or `start-finish` ranges, several for re-reads; `ISBN/UID` as an
/// ISBN, an ASIN, StoryGraph's own id, nothing, or a spreadsheet's `9.78053E+12`; quarter stars;
/// authors joined with `, `; titles with stray spaces; no book ids, pages or covers.
public enum StoryGraphReader {
    /// The columns without which a file is not a StoryGraph export (a spreadsheet may keep only
    /// the first eight).
    public static let requiredColumns = ["Title", "Authors", "ISBN/UID", "Read Status"]

    /// Reads `file`, handing each row with a title to `body` in file order.
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        var number = 0
        return try LibraryCSV.read(
            file, format: .storygraph, requiredColumns: requiredColumns,
            map: { columns, fields, summary in
                number += 1
                return book(columns, fields, row: number, summary: &summary)
            }, body)
    }

    /// A row's book, or `nil` without a title (a row of empty fields).
    static func book(_ columns: LibraryCSV.Columns, _ fields: [String], row: Int, summary: inout LibraryCSV.Summary)
        -> ImportedBook?
    {
        func field(_ name: String) -> String? { columns.field(name, in: fields) }
        guard let title = field("Title")?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else {
            return nil
        }
        // No id in the file: the row is the book's key, and Open Library's work its identity.
        var book = ImportedBook(key: "row \(row)", title: title)
        book.author = field("Authors").flatMap { $0.components(separatedBy: ", ").first }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if let code = field("ISBN/UID") {
            if let isbn = try? ISBN(code) {
                book.isbn13 = isbn.isbn13
                book.isbn10 = isbn.isbn10
            } else if isMangledNumber(code) {
                summary.mangledISBNs += 1
            }
        }
        book.stars = field("Star Rating").flatMap(Double.init).flatMap { (0.25...5).contains($0) ? $0 : nil }
        book.readingFormat = field("Format").flatMap(ReadingFormat.init(storyGraph:))
        let reads = field("Dates Read").map(reads) ?? []
        book.readDates = reads.map(\.finish)
        for read in reads { if let start = read.start { book.readStarts[read.finish] = start } }
        book.dateRead = field("Last Date Read").flatMap(day) ?? book.readDates.max()
        book.moods =
            field("Moods").map {
                $0.components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter {
                    !$0.isEmpty
                }
            } ?? []
        book.pace = field("Pace").flatMap {
            ReadingPace(rawValue: $0.trimmingCharacters(in: .whitespaces).lowercased())
        }
        book.dateAdded = field("Date Added").flatMap(day)
        book.shelves = ImportedBook.shelfNames(
            [field("Read Status")].compactMap({ $0 }) + (field("Tags")?.components(separatedBy: ",") ?? []))
        return book
    }

    /// `2023/05/23`, or a spreadsheet's `5/23/2023`, as `2023-05-23`.
    static func day(_ text: String) -> String? {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return parts[0] > 31
            ? Reading.day(year: parts[0], month: parts[1], day: parts[2])
            : Reading.day(year: parts[2], month: parts[0], day: parts[1])
    }

    /// Every read of `Dates Read`: `2023/05/23-2023/06/07, 2024/01/02` → 23 May to 7 June 2023,
    /// and a read finished on 2 January 2024 whose start is not known.
    static func reads(_ text: String) -> [ReadPeriod] {
        text.components(separatedBy: ",").compactMap { read in
            let days = read.split(separator: "-").map { day(String($0).trimmingCharacters(in: .whitespaces)) }
            guard let last = days.last, let finish = last else { return nil }
            return ReadPeriod(start: days.count == 2 ? days[0] : nil, finish: finish)
        }
    }

    /// `9.78053E+12`: an ISBN a spreadsheet stored as a number, its last digits lost.
    static func isMangledNumber(_ text: String) -> Bool {
        text.uppercased().contains("E+") && Double(text) != nil
    }
}
