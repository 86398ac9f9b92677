import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// Every export reader holds no more of a file than `ExportLimits` allows, and says which limit a
/// file passed. The files are the genuine exports in fixtures/libraries with one thing made huge
/// (SYNTHETIC additions, made here), so the rest of each file is as the services write it.
@Suite struct ExportLimitsTests {
    static let libraries = Fixtures.packageRoot.appendingPathComponent("fixtures/libraries")
    static let storyGraph = libraries.appendingPathComponent("storygraph/bsanser-mapmyreads.csv")
    static let libraryThing = libraries.appendingPathComponent("librarything/turtleengr-my-bib.tsv")
    static let libraryThingJSON = libraries.appendingPathComponent("librarything/SYNTHETIC-librarything-export.json")
    static let readingLog = libraries.appendingPathComponent("openlibrary/bookwyrm-fixture-reading-log-export.csv")

    static func read(_ file: URL, as format: LibraryFormat, maximumBooks: Int = ExportLimits.books) throws
        -> [ImportedBook]
    {
        var books: [ImportedBook] = []
        _ = try format.read(file, maximumBooks: maximumBooks) { books.append($0) }
        return books
    }

    /// The genuine StoryGraph export (CRLF line ends) with `row` put in as its third row.
    static func storyGraph(with row: String, in home: TemporaryHome) throws -> URL {
        var lines = try String(contentsOf: storyGraph, encoding: .utf8).components(separatedBy: "\r\n")
        lines.insert(row, at: 2)
        let file = home.folder.appendingPathComponent("storygraph.csv")
        try Data(lines.joined(separator: "\r\n").utf8).write(to: file)
        return file
    }

    @Test func aReviewOfMoreThanAMebibyteRefusesTheFileNamingItsRow() throws {
        let home = try TemporaryHome()
        let review = String(repeating: "x", count: ExportLimits.fieldBytes + 1)
        let file = try Self.storyGraph(
            with: "Huge,Some One,,9780802148049,hardcover,read,2021/07/17,,,0,,,,,,,,,\"\(review)\",,,,No", in: home)
        #expect(throws: ExportError.beyondLimit(path: file.path, what: "a field of more than 1 MiB in row 3")) {
            try Self.read(file, as: .storygraph)
        }
    }

    /// At the limit exactly, with the quoting a review has (doubled quotes, commas and line
    /// breaks inside), the row is read: the measure counts what the field holds, not its quoting.
    @Test func aQuotedFieldAtTheLimitIsRead() throws {
        let home = try TemporaryHome()
        let unit = "\"\"Yes,\" she said.\n"  // 17 bytes of field: `"Yes," she said.` and a line break
        var review = String(repeating: unit, count: ExportLimits.fieldBytes / 17)
        review += String(repeating: "z", count: ExportLimits.fieldBytes - (ExportLimits.fieldBytes / 17) * 17)
        let file = try Self.storyGraph(
            with: "Quoted,Some One,,9780802148049,hardcover,read,2021/07/17,,,0,,,,,,,,,\"\(review)\",,,,No", in: home)
        let genuine = try Self.read(Self.storyGraph, as: .storygraph)
        let books = try Self.read(file, as: .storygraph)
        #expect(books.count == genuine.count + 1 && books.contains { $0.title == "Quoted" })
    }

    @Test func aRowOfMoreThanAThousandFieldsRefusesTheFile() throws {
        let home = try TemporaryHome()
        let file = try Self.storyGraph(
            with: "Wide" + String(repeating: ",", count: ExportLimits.fieldsPerRow), in: home)
        #expect(throws: ExportError.beyondLimit(path: file.path, what: "more than 1,000 fields in row 3")) {
            try Self.read(file, as: .storygraph)
        }
    }

    /// The count is checked as the books come, so the file is refused at the first one past it.
    @Test func moreBooksThanTheLimitRefuseTheFile() throws {
        let all = try Self.read(Self.readingLog, as: .openlibrary)
        #expect(all.count > 2)
        #expect(try Self.read(Self.readingLog, as: .openlibrary, maximumBooks: all.count).count == all.count)
        #expect(throws: ExportError.beyondLimit(path: Self.readingLog.path, what: "more than \(all.count - 1) books")) {
            try Self.read(Self.readingLog, as: .openlibrary, maximumBooks: all.count - 1)
        }
    }

    /// LibraryThing's TSV has no quoting: a line is a row, and one with no end is not held whole.
    @Test func aTSVLineWithNoEndIsRefusedBeforeItIsHeld() throws {
        let home = try TemporaryHome()
        var data = try Data(contentsOf: Self.libraryThing)
        data.append(Data(repeating: UInt8(ascii: "x"), count: ExportLimits.lineBytes + (1 << 16)))
        let file = home.folder.appendingPathComponent("endless.tsv")
        try data.write(to: file)
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).count
        #expect(
            throws: ExportError.beyondLimit(
                path: file.path, what: "a line of more than 4 MiB (line \(GroupedNumber.text(lines)))")
        ) {
            try Self.read(file, as: .librarything)
        }
    }

    @Test func aTSVFieldOfMoreThanAMebibyteIsRefused() throws {
        let home = try TemporaryHome()
        var data = try Data(contentsOf: Self.libraryThing)
        let header = try #require(data.firstIndex(of: 0x0A))
        data.insert(
            contentsOf: Data("1\tHuge\t".utf8) + Data(repeating: UInt8(ascii: "x"), count: ExportLimits.fieldBytes + 1)
                + Data("\n".utf8), at: header + 1)
        let file = home.folder.appendingPathComponent("wide.tsv")
        try data.write(to: file)
        #expect(throws: ExportError.beyondLimit(path: file.path, what: "a field of more than 1 MiB in line 2")) {
            try Self.read(file, as: .librarything)
        }
    }

    /// A JSON export nested past the limit is refused by booktag before the decoder recurses; at
    /// the limit, the decoder has its say (here: a book that is not a book, skipped and counted).
    @Test func jsonNestedPastTheLimitIsRefusedBeforeDecoding() throws {
        let home = try TemporaryHome()
        let genuine = try String(contentsOf: Self.libraryThingJSON, encoding: .utf8)
        func nested(_ depth: Int) throws -> URL {
            // The file's own object is one level, the odd book a second.
            let inner = String(repeating: "[", count: depth - 2) + String(repeating: "]", count: depth - 2)
            let text = genuine.replacingOccurrences(
                of: "{", with: "{\"0\": {\"title\": \(inner)},", options: [], range: genuine.range(of: "{"))
            let file = home.folder.appendingPathComponent("nested-\(depth).json")
            try Data(text.utf8).write(to: file)
            return file
        }
        let atLimit = try Self.read(nested(ExportLimits.nesting), as: .librarything)
        #expect(atLimit.count == (try Self.read(Self.libraryThingJSON, as: .librarything)).count)
        let past = try nested(ExportLimits.nesting + 1)
        #expect(throws: ExportError.beyondLimit(path: past.path, what: "arrays or objects nested more than 32 deep")) {
            try Self.read(past, as: .librarything)
        }
    }

    @Test func aJSONStringOfMoreThanAMebibyteIsRefused() throws {
        let home = try TemporaryHome()
        let genuine = try String(contentsOf: Self.libraryThingJSON, encoding: .utf8)
        // Escapes count as the bytes they take in the file.
        let huge = String(repeating: "\\\"", count: ExportLimits.fieldBytes / 2 + 1)
        let text = genuine.replacingOccurrences(
            of: "{", with: "{\"0\": {\"title\": \"\(huge)\"},", options: [], range: genuine.range(of: "{"))
        let file = home.folder.appendingPathComponent("string.json")
        try Data(text.utf8).write(to: file)
        #expect(throws: ExportError.beyondLimit(path: file.path, what: "a string of more than 1 MiB")) {
            try Self.read(file, as: .librarything)
        }
    }

    /// Calibre's database is read through SQL that holds no text longer than a field may be: a
    /// two-mebibyte description comes out cut at the limit, and the book is still imported.
    @Test func aCalibreDescriptionPastTheLimitIsCut() throws {
        let home = try TemporaryHome()
        let library = try CalibreTests.copy(into: home)
        let queue = try DatabaseQueue(path: library.appendingPathComponent("metadata.db").path)
        let id = try queue.write { db in
            let id = try Int64.fetchOne(db, sql: "SELECT book FROM comments ORDER BY book LIMIT 1")
            try db.execute(
                sql: "UPDATE comments SET text = ? WHERE book = ?",
                arguments: [String(repeating: "é", count: 2 << 20), id])
            return id
        }
        try queue.close()
        let books = try Self.read(library, as: .calibre)
        let key = "calibre \(try #require(id))"
        let book = try #require(books.first { $0.key == key })
        #expect(book.descriptionHTML?.count == ExportLimits.fieldBytes)
    }
}
