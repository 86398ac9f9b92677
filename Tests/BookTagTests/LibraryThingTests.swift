import BookTagTestSupport
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
        #expect(books.allSatisfy { $0.shelves.first == "your library" })
        #expect(books.count { $0.myRating != nil } == expected.count { !($0["Rating"] ?? "").isEmpty })
        #expect(books.count { $0.readingFormat == .ebook } == expected.count { $0["Media"] == "Ebook" })
        #expect(books.count { $0.readingFormat == nil } == expected.count { ["DVD", "Blu-ray", "Laserdisc", "VHS", ""].contains($0["Media"] ?? "") })
        let first = try #require(books.first)
        #expect(first.title == "JavaScript: The Definitive Guide" && first.author == "David Flanagan")
        #expect(first.isbn10 == "0596101996" && first.isbn13 == "9780596101992" && first.pageCount == 1032 && first.publisher == "O'Reilly Media")
        #expect(first.stars == 5 && first.myRating == 5 && first.yearPublished == 2006)
    }

    /// A sample other projects keep: half stars, read dates, accented names in UTF-8 beside a raw byte.
    @Test func halfStarsReadDatesAndAccents() throws {
        let (books, summary) = try Self.read(Self.sample)
        let sampleRows = try Self.rows(Self.sample)
        #expect(summary.malformed == 0 && books.count == sampleRows.count)
        let marelle = try #require(books.first)
        #expect(marelle.title == "Marelle" && marelle.author == "Julio Cortazar")
        #expect(marelle.stars == 4.5 && marelle.myRating == 5 && marelle.dateRead == "2007-05-08")
        #expect(books.contains { $0.title == "Le Maître et Marguerite" && $0.author == "Mikhaïl Boulgakov" && $0.isbn10 == "2266062328" })
        let plans = try ExportSelection(format: .librarything, year: 2007).plans(for: books)
        #expect(plans[0].rows.map(\.title) == ["Marelle"] && plans[0].origin.displayName == "LibraryThing export, read in 2007")
    }
}
