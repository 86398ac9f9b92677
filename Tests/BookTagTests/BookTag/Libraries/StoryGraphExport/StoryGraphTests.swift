import BookTagTestSupport
import CSV
import Foundation
import Testing

@testable import BookTag

/// StoryGraph exports, on the genuine files in fixtures/libraries/storygraph (PROVENANCE.md): what
/// the reader keeps is checked against the file read independently here (CSV.swift's rows, the
/// columns by name), not against booktag's own mapping.
@Suite struct StoryGraphTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("fixtures/libraries/storygraph")
    static let raw = folder.appendingPathComponent("bsanser-mapmyreads.csv")
    static let spreadsheet = folder.appendingPathComponent("dblake26-streaming-excel-edited.csv")

    /// The file's rows as dictionaries by column name.
    static func rows(_ file: URL) throws -> [[String: String]] {
        let reader = try CSVReader(stream: try #require(InputStream(url: file)), hasHeaderRow: true)
        let header = try #require(reader.headerRow)
        var rows: [[String: String]] = []
        while let fields = reader.next() { rows.append(Dictionary(uniqueKeysWithValues: zip(header, fields))) }
        return rows
    }

    static func read(_ file: URL) throws -> ([ImportedBook], LibraryCSV.Summary) {
        var books: [ImportedBook] = []
        let summary = try StoryGraphReader.read(file) { books.append($0) }
        return (books, summary)
    }

    @Test func theRawExportKeepsEveryRowAsWritten() throws {
        let expected = try Self.rows(Self.raw)
        let (books, summary) = try Self.read(Self.raw)
        #expect(try LibraryFormat.detect(Self.raw) == .storygraph)
        #expect(
            summary == LibraryCSV.Summary(rows: expected.count, malformed: 0, mangledISBNs: 0) && expected.count == 193)
        #expect(books.map(\.title) == expected.map { $0["Title"]!.trimmingCharacters(in: .whitespaces) })
        #expect(Set(books.map(\.key)).count == books.count, "every row its own key")
        #expect(books.allSatisfy { $0.identity == nil }, "StoryGraph names no book ids: Open Library's work will")
        for status in ["read", "to-read", "did-not-finish"] {
            #expect(
                books.count { $0.shelves.first == status } == expected.count { $0["Read Status"] == status },
                "\(status)")
        }
        for (book, row) in zip(books, expected) {
            let stars = Double(row["Star Rating"] ?? "")
            #expect(book.stars == stars, "\(book.title)")
            #expect(book.myRating == stars.map { Int($0.rounded()) }, "\(book.title): the nearest whole star")
            let lastRead = row["Last Date Read"].flatMap {
                $0.isEmpty ? nil : $0.replacingOccurrences(of: "/", with: "-")
            }
            let finishes = (row["Dates Read"] ?? "").split(separator: ",").compactMap {
                $0.split(separator: "-").last.map { $0.trimmingCharacters(in: .whitespaces) }
            }
            #expect(
                book.dateRead == (lastRead ?? finishes.max().map { $0.replacingOccurrences(of: "/", with: "-") }),
                "\(book.title)")
            for tag in (row["Tags"] ?? "").split(separator: ",").map({
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }) where !tag.isEmpty {
                #expect(book.shelves.contains(tag), "\(book.title) is on its tag \(tag)")
            }
            let code = row["ISBN/UID"] ?? ""
            if code.hasPrefix("978") || code.hasPrefix("979") { #expect(book.isbn13 == code, "\(book.title)") }
            if code.hasPrefix("B0") { #expect(book.isbn13 == nil && book.isbn10 == nil, "an ASIN is no ISBN") }
        }
        #expect(books.contains { $0.stars == 3.75 && $0.myRating == 4 }, "quarter stars kept beside the whole star")
        #expect(
            Dictionary(grouping: books.compactMap(\.readingFormat), by: { $0 }).mapValues(\.count)
                == [
                    .paper: expected.count { ["hardcover", "paperback"].contains($0["Format"]) },
                    .ebook: expected.count { $0["Format"] == "digital" },
                    .audio: expected.count { $0["Format"] == "audio" },
                ])
    }

    /// A file a spreadsheet re-saved: eight columns, ISBNs turned into `9.78053E+12`, dates `M/D/YYYY`.
    @Test func aSpreadsheetsSaveIsReadWithItsISBNsCounted() throws {
        let expected = try Self.rows(Self.spreadsheet)
        let (books, summary) = try Self.read(Self.spreadsheet)
        #expect(try LibraryFormat.detect(Self.spreadsheet) == .storygraph)
        #expect(summary.rows == 299 && summary.malformed == 0)
        #expect(
            summary.mangledISBNs == expected.count { ($0["ISBN/UID"] ?? "").contains("E+") } && summary.mangledISBNs > 0
        )
        #expect(books.allSatisfy { $0.isbn13 == nil || !$0.isbn13!.hasSuffix("0000000") })
        #expect(
            books.map(\.title) == expected.map { $0["Title"]!.trimmingCharacters(in: .whitespaces) }
                && books[1].title == "Mister Concierge")
        // `4/1/2024` is the first of April.
        #expect(books[1].dateRead == "2024-03-27" && books[1].dateAdded == "2024-04-01")
        #expect(
            books.count { $0.shelves.first == "read" } == 258
                && books.count { $0.shelves.first == "currently-reading" } == 10)
    }

    /// A row of empty fields (a raw export writes some as `""`, some as nothing) is skipped and
    /// counted; the rows around it are kept. (The file is the genuine header and first row, with
    /// such a row added: synthetic.)
    @Test func aRowOfEmptyFieldsIsSkippedAndCounted() throws {
        let lines = try String(contentsOf: Self.raw, encoding: .utf8).components(separatedBy: "\r\n")
        let empty =
            Array(repeating: "\"\"", count: 11).joined(separator: ",") + ","
            + Array(repeating: "", count: 12).joined(separator: ",")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-storygraph-\(UUID().uuidString).csv")
        try Data(([lines[0], lines[1], empty, lines[2]].joined(separator: "\r\n") + "\r\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (books, summary) = try Self.read(file)
        #expect(summary.rows == 2 && summary.malformed == 1)
        #expect(books.map(\.title) == ["Shuggie Bain", "Queenie"])
    }

    @Test func tagsFromAYearOfStoryGraph() throws {
        let (books, _) = try Self.read(Self.raw)
        let plans = try ExportSelection(format: .storygraph, year: 2024).plans(for: books)
        let read2024 = books.filter { $0.dateRead?.hasPrefix("2024-") == true }
        #expect(plans.count == 1 && plans[0].rows.count == read2024.count && !read2024.isEmpty)
        #expect(plans[0].origin == .export(format: .storygraph, shelf: nil, year: 2024))
        #expect(plans[0].origin.displayName == "StoryGraph export, read in 2024")
        #expect(
            try plans[0].rows.all().compactMap(\.dateRead) == read2024.compactMap(\.dateRead).sorted(by: >),
            "newest read first")
    }

    /// A file of no known format names the formats booktag reads and shows its first line.
    /// A re-read: StoryGraph writes each read in `Dates Read` (a synthetic row, as the service
    /// writes one; the genuine file's re-read kept only its last range). Each read is kept, the
    /// book counts once, and a year tag of either read holds it.
    @Test func everyReadIsKeptAndARereadCountsOnce() throws {
        let home = try TemporaryHome()
        let file = home.folder.appendingPathComponent("reread.csv")
        try """
        Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Star Rating
        Piranesi,Susanna Clarke,,9781635575637,audio,read,2021/01/02,2024/03/09,"2021/01/04-2021/01/20, 2024/03/01-2024/03/09",2,"mysterious, reflective",slow,4.5

        """.write(to: file, atomically: true, encoding: .utf8)
        let (books, _) = try Self.read(file)
        let book = try #require(books.first)
        #expect(book.reading.readDates == ["2021-01-20", "2024-03-09"] && book.dateRead == "2024-03-09")
        #expect(
            book.reading.format == .audio && book.reading.moods == ["mysterious", "reflective"]
                && book.reading.pace == .slow)
        #expect(book.stars == 4.5 && book.myRating == 5, "halves up")
        for year in [2021, 2024] {
            #expect(
                try ExportSelection(format: .storygraph, year: year).plans(for: books)[0].rows.count == 1, "\(year)")
        }
        #expect(try ExportSelection(format: .storygraph, year: 2022).plans(for: books)[0].rows.isEmpty)
    }

    @Test func anUnknownFileIsOneErrorThatShowsItsFirstLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-unknown-\(UUID().uuidString).csv")
        try Data("Name,Colour\nApple,red\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect { try LibraryFormat.detect(file) } throws: { error in
            let message = error.localizedDescription
            return message.contains("Goodreads library export CSV") && message.contains("StoryGraph export CSV")
                && message.contains("\"Name,Colour\"")
        }
    }
}
