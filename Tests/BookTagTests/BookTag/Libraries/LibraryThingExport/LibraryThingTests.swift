import BookTagTestSupport
import CSV
import Foundation
import Testing

@testable import BookTag

/// LibraryThing's TSV export, on the genuine files in fixtures/libraries (PROVENANCE.md), checked
/// against the file split independently here: lines on LF, fields on tabs, each field decoded on
/// its own.
@Suite struct LibraryThingTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("fixtures/libraries")
    static let catalogue = folder.appendingPathComponent("librarything/turtleengr-my-bib.tsv")
    static let sample = folder.appendingPathComponent("bookwyrm-fixtures/librarything.tsv")

    static func rows(_ file: URL) throws -> [[String: String]] {
        let lines = try Data(contentsOf: file).split(separator: 0x0A).map { line in
            line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        let header = lines[0]
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    static func read(_ file: URL) throws -> ([ImportedBook], LibraryCSV.Summary) {
        var books: [ImportedBook] = []
        let summary = try LibraryThingReader.read(file) { books.append($0) }
        return (books, summary)
    }

    @Test func theWholeCatalogueIsReadThoughSomeOfItsBytesAreNotUTF8() throws {
        let data = try Data(contentsOf: Self.catalogue)
        #expect(String(validating: data, as: UTF8.self) == nil, "the genuine file is not UTF-8 as a whole")
        #expect(try LibraryFormat.detect(Self.catalogue) == .librarything)
        let expected = try Self.rows(Self.catalogue)
        let (books, summary) = try Self.read(Self.catalogue)
        #expect(summary.rows == 422 && summary.malformed == 0 && books.count == expected.count)
        #expect(books.map(\.title) == expected.map { $0["Title"]!.trimmingCharacters(in: .whitespaces) })
        #expect(books.map(\.key) == expected.map { $0["Book Id"]! })
        #expect(books.allSatisfy { $0.shelves.first == "Your library" })
        // The tag keeps the reader's spelling; its key (and a --shelf filter) ignore case.
        let plans = try ExportSelection(format: .librarything).plans(for: books)
        let library = try #require(plans.first { $0.name.key == "your library" })
        #expect(library.name.display == "Your library" && library.rows.count == books.count)
        #expect(library.origin == .export(format: .librarything, shelf: "your library", year: nil))
        let filtered = try ExportSelection(format: .librarything, shelf: "YOUR LIBRARY").plans(for: books)
        #expect(filtered.first?.rows.count == books.count)
        #expect(books.count { $0.myRating != nil } == expected.count { !($0["Rating"] ?? "").isEmpty })
        #expect(books.count { $0.readingFormat == .ebook } == expected.count { $0["Media"] == "Ebook" })
        #expect(
            books.count { $0.readingFormat == nil }
                == expected.count { ["DVD", "Blu-ray", "Laserdisc", "VHS", ""].contains($0["Media"] ?? "") })
        let first = try #require(books.first)
        #expect(first.title == "JavaScript: The Definitive Guide" && first.author == "David Flanagan")
        #expect(
            first.isbn10 == "0596101996" && first.isbn13 == "9780596101992" && first.pageCount == 1032
                && first.publisher == "O'Reilly Media")
        #expect(first.stars == 5 && first.myRating == 5 && first.yearPublished == 2006)
    }

    /// A sample other projects keep: half stars, read dates, accented names in UTF-8 beside a raw byte.
    /// Found by `scripts/fuzz library` (Fuzz/Regressions/library): a header naming a column
    /// twice, then a row shorter than the header. The row was let through by the count of
    /// distinct names and then read past its last field (a crash); it is one malformed row.
    @Test func aRepeatedColumnNameAndAShortRowAreOneMalformedRow() throws {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("SYNTHETIC-repeated-column.tsv")
        try Data(
            "Book Id\tTitle\tTitle\tPrimary Author\tCollections\n1\tDune\tDune\tHerbert, Frank\tYour library\n2\tShort\tShort\tSomeone\n"
                .utf8
        ).write(to: file)
        let (books, summary) = try Self.read(file)
        #expect(books.map(\.title) == ["Dune"])
        #expect(books.first?.author == "Frank Herbert")
        #expect(summary.rows == 1 && summary.malformed == 1)
    }

    @Test func halfStarsReadDatesAndAccents() throws {
        let (books, summary) = try Self.read(Self.sample)
        let sampleRows = try Self.rows(Self.sample)
        #expect(summary.malformed == 0 && books.count == sampleRows.count)
        let marelle = try #require(books.first)
        #expect(marelle.title == "Marelle" && marelle.author == "Julio Cortazar")
        #expect(marelle.stars == 4.5 && marelle.myRating == 5 && marelle.dateRead == "2007-05-08")
        #expect(
            books.contains {
                $0.title == "Le Maître et Marguerite" && $0.author == "Mikhaïl Boulgakov" && $0.isbn10 == "2266062328"
            })
        let plans = try ExportSelection(format: .librarything, year: 2007).plans(for: books)
        #expect(
            try plans[0].rows.all().map(\.title) == ["Marelle"]
                && plans[0].origin.displayName == "LibraryThing export, read in 2007")
    }

    static let json = folder.appendingPathComponent("librarything/SYNTHETIC-librarything-export.json")
    static let legacy = folder.appendingPathComponent("librarything/mouse-reeve-legacy-2014.csv")

    /// The JSON export (synthetic, every quirk PROVENANCE.md names; see fixtures/libraries/README.md),
    /// checked against the file read here with JSONSerialization.
    @Test func theJSONExportWithEveryQuirk() throws {
        #expect(try LibraryFormat.detect(Self.json) == .librarything)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.json)) as? [String: Any])
        let (books, summary) = try Self.read(Self.json)
        let titled = object.filter { (($0.value as? [String: Any])?["title"] as? String) != nil }
        #expect(
            summary.rows == titled.count && summary.malformed == object.count - titled.count && summary.malformed == 2)
        #expect(books.map(\.key) == titled.keys.sorted { Int($0)! < Int($1)! }, "in the order of their ids")
        for book in books {
            let entry = try #require(object[book.key] as? [String: Any])
            #expect(book.title == (entry["title"] as! String).trimmingCharacters(in: .whitespaces))
            #expect(book.stars == (entry["rating"] as? String).flatMap(Double.init), "\(book.title)")
            #expect(book.dateRead == entry["dateread"] as? String)
            // As the reader spelled them: a tag keeps its first spelling.
            let collections = entry["collections"] as? [String] ?? []
            #expect(Array(book.shelves.prefix(collections.count)) == collections)
        }
        let garcia = try #require(books.first { $0.key == "181340799" })
        #expect(
            garcia.author == "Gabriel García Márquez" && garcia.title == "Cien años de soledad",
            "entities and \\u escapes decoded")
        #expect(
            garcia.isbn10 == "0307474720" && garcia.isbn13 == "9780307474728", "isbn as an object keyed by position")
        let dune = try #require(books.first { $0.key == "181340712" })
        #expect(
            dune.pageCount == 535 && dune.isbn13 == "9780441172719" && dune.stars == 4.5 && dune.myRating == 5
                && dune.readingFormat == .paper)
        let eanOnly = try #require(object["181341003"] as? [String: Any])
        #expect(
            eanOnly["isbn"] == nil
                && books.first { $0.key == "181341003" }?.isbn13 == (eanOnly["ean"] as? [String])?.first, "only an ean")
        #expect(
            books.first { $0.key == "181341003" }?.readingFormat == .ebook
                && books.first { $0.key == "181341250" }?.readingFormat == .audio)
        let leGuin = try #require(books.first { $0.key == "181341112" })
        #expect(
            leGuin.pageCount == 310 && leGuin.isbn13 == nil && leGuin.stars == nil
                && leGuin.shelves == ["To read", "sci-fi"])
        let plans = try ExportSelection(format: .librarything, year: 2025).plans(for: books)
        #expect(
            try plans[0].rows.all().map(\.key) == ["181341402", "181341250", "181341003"], "read in 2025, newest first")
    }

    /// A JSON export cut off mid-way is one error, and so is one that is not JSON.
    @Test func aCutOffJSONExportIsOneError() throws {
        let home = try TemporaryHome()
        let whole = try Data(contentsOf: Self.json)
        let cut = home.folder.appendingPathComponent("cut.json")
        try whole.prefix(whole.count / 2).write(to: cut)
        #expect(try LibraryFormat.detect(cut) == .librarything)
        #expect(throws: ExportError.cutOff(path: cut.path)) { try Self.read(cut) }
        let broken = home.folder.appendingPathComponent("broken.json")
        try Data(#"{"1": {"title": "A" "primaryauthor": "B"}}"#.utf8).write(to: broken)
        #expect(throws: ExportError.malformedJSON(path: broken.path)) {
            try LibraryFormat.librarything.read(broken) { _ in }
        }
    }

    /// The pre-2015 CSV (genuine, and not UTF-8 throughout either): every row read, the quoted
    /// column names found, titles exact, whole stars, collections and tags as shelves.
    @Test func theOldCSVExportIsReadRowByRow() throws {
        let data = try Data(contentsOf: Self.legacy)
        #expect(String(validating: data, as: UTF8.self) == nil, "the genuine file is not UTF-8 as a whole")
        #expect(try LibraryFormat.detect(Self.legacy) == .librarything)
        let reader = try CSVReader(stream: InputStream(data: LibraryCSV.repairedUTF8(data)), hasHeaderRow: true)
        let header = try #require(reader.headerRow).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        var expected: [[String: String]] = []
        while let fields = reader.next() { expected.append(Dictionary(uniqueKeysWithValues: zip(header, fields))) }
        let (books, summary) = try Self.read(Self.legacy)
        #expect(summary.rows == expected.count && summary.malformed == 0 && expected.count == 493)
        #expect(books.map(\.title) == expected.map { $0["TITLE"]!.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(books.map(\.author) == expected.map { $0["AUTHOR (first, last)"].flatMap { $0.isEmpty ? nil : $0 } })
        #expect(books.map(\.myRating) == expected.map { Int($0["RATINGS"] ?? "").flatMap { $0 > 0 ? $0 : nil } })
        #expect(books.allSatisfy { $0.dateRead == nil }, "the old export kept no read dates")
        #expect(books.count { $0.isbn13 != nil } == expected.count { ($0["ISBNs"] ?? "[]") != "[]" })
        #expect(
            books.count { $0.shelves.first == "Your library" }
                == expected.count { ($0["COLLECTIONS"] ?? "").hasPrefix("Your library") })
    }
}
