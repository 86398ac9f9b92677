import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Reading a Goodreads library export (SYNTHETIC files in Goodreads' format) and choosing its tags.
struct ExportReaderTests {
    static func write(_ text: String, bytes: Data? = nil) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-export-\(UUID().uuidString).csv")
        try (bytes ?? Data(text.utf8)).write(to: file)
        return file
    }

    static func read(_ file: URL) throws -> (rows: [ImportedBook], summary: ExportReader.Summary) {
        var rows: [ImportedBook] = []
        let summary = try ExportReader.read(file) { rows.append($0) }
        return (rows, summary)
    }

    @Test(arguments: [false, true])
    func readsGoodreadsCSVWithQuotesLineBreaksAndFormulaISBNs(byteOrderMark: Bool) throws {
        let books = SyntheticExport.books(count: 40)
        let file = try Self.write(SyntheticExport.csv(books, byteOrderMark: byteOrderMark))
        defer { try? FileManager.default.removeItem(at: file) }
        let (rows, summary) = try Self.read(file)
        #expect(
            summary == ExportReader.Summary(rows: 40, malformed: 0),
            "reviews with commas, quotes and line breaks stay in their row")
        #expect(
            rows.map(\.identity) == books.map { .goodreads($0.bookID) }
                && rows.map(\.key) == books.map { String($0.bookID) })
        let first = try #require(rows.first)
        #expect(first.isbn10 == books[0].isbn10 && first.isbn13 == books[0].isbn13, "=\"…\" is unwrapped")
        #expect(
            first.dateRead == "2025-01-01" && first.shelves == ["read", "favourites"]
                && first.publisher == "Harbour & Sons, Ltd.")
        #expect(rows[3].isbn10 == nil && rows[3].isbn13 == nil, "=\"\" is no ISBN")
        #expect(rows[2].dateRead == nil && rows[2].shelves == ["currently-reading"])
        #expect(rows[5].myRating == 5 && rows[6].myRating == nil, "0 stars is no rating")
    }

    @Test func malformedRowsAreSkippedAndCounted() throws {
        let books = SyntheticExport.books(count: 5)
        var lines = SyntheticExport.csv(books).components(separatedBy: "\r\n")
        lines.insert("1,2,3", at: 2)  // too few fields
        lines.insert(lines[1].replacingOccurrences(of: "\(books[0].bookID),", with: ","), at: 3)  // no book id
        lines.insert("", at: 4)  // a blank line is nothing
        var untitled = books[1]
        (untitled.title, untitled.isbn10, untitled.isbn13) = ("", nil, nil)
        lines.insert(SyntheticExport.csv([untitled]).components(separatedBy: "\r\n")[1], at: 5)  // no title and no ISBN
        let file = try Self.write(lines.joined(separator: "\n"))  // LF line ends this time
        defer { try? FileManager.default.removeItem(at: file) }
        let (rows, summary) = try Self.read(file)
        #expect(summary == ExportReader.Summary(rows: 5, malformed: 3) && rows.count == 5)
    }

    @Test func aFileThatIsNotAnExportNamesTheMissingColumns() throws {
        let file = try Self.write("Title,Author,ISBN\r\nDune,Frank Herbert,0441172717\r\n")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(
            throws: ExportError.missingColumns(
                ["Book Id", "ISBN13", "Date Read", "Bookshelves", "Exclusive Shelf"], path: file.path)
        ) {
            try Self.read(file)
        }
        let message = ExportError.missingColumns(["Book Id"], path: "x.csv").localizedDescription
        #expect(
            message == "x.csv is not a Goodreads library export CSV: it has no \"Book Id\" column; nothing was stored")
    }

    @Test func emptyMissingAndNonUTF8FilesAreOneError() throws {
        let empty = try Self.write("")
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: ExportError.empty(path: empty.path)) { try Self.read(empty) }
        let missing = URL(fileURLWithPath: "/nonexistent/booktag-export.csv")
        #expect(throws: ExportError.self) { try Self.read(missing) }
        var latin1 = Data(SyntheticExport.header.utf8)
        latin1 += Data("\r\n1,\"Caf".utf8) + Data([0xE9]) + Data("\",A,,,,,,,,,,,,,,,,read,,,,,\r\n".utf8)
        let binary = try Self.write("", bytes: latin1)
        defer { try? FileManager.default.removeItem(at: binary) }
        #expect(throws: ExportError.unreadableText(path: binary.path)) { try Self.read(binary) }
    }

    @Test func oneTagPerShelfOrOneFilteredTagNewestReadFirst() throws {
        let books = SyntheticExport.books(count: 40)
        let file = try Self.write(SyntheticExport.csv(books))
        defer { try? FileManager.default.removeItem(at: file) }
        let rows = try Self.read(file).rows
        let shelves = try ExportSelection().plans(for: rows)
        #expect(shelves.map(\.name.display) == ["read", "currently-reading", "to-read", "favourites"])
        #expect(shelves[0].rows.count == 16 && shelves[3].rows.count == 10)
        #expect(shelves.allSatisfy { if case .export(.goodreads, _, nil) = $0.origin { true } else { false } })

        let year = try ExportSelection(year: 2025).plans(for: rows)
        #expect(
            year.count == 1 && year[0].name.display == "read 2025"
                && year[0].origin == .export(format: .goodreads, shelf: nil, year: 2025))
        let dates = try year[0].rows.all().compactMap(\.dateRead)
        #expect(dates.count == 8 && dates == dates.sorted(by: >) && dates.allSatisfy { $0.hasPrefix("2025-") })
        let named = try ExportSelection(shelf: "Favourites", year: 2025, tagName: "best of 2025").plans(for: rows)
        #expect(
            try named[0].name.display == "best of 2025"
                && named[0].rows.all().allSatisfy {
                    $0.shelves.contains("favourites") && $0.dateRead?.hasPrefix("2025") == true
                })
    }
}
