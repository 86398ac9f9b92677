import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Open Library's reading-log export names works only: the sample other projects keep
/// (fixtures/libraries/openlibrary, PROVENANCE.md) imports with each work's title, author and
/// cover from a `key:` look-up, shelves as Open Library names them.
@Suite(.serialized) struct ReadingLogTests {
    static let file = Fixtures.packageRoot.appendingPathComponent(
        "fixtures/libraries/openlibrary/bookwyrm-fixture-reading-log-export.csv")
    static let works = ["OL102749W", "OL361393W", "OL1652392W", "OL17062644W"]

    @Test func theLogIsReadAsWorksOnShelves() throws {
        #expect(try LibraryFormat.detect(Self.file) == .openlibrary)
        var books: [ImportedBook] = []
        let summary = try ReadingLogReader.read(Self.file) { books.append($0) }
        #expect(summary.rows == 4 && summary.malformed == 0)
        #expect(books.map(\.identity) == Self.works.map { .openLibrary($0) })
        #expect(
            books.map { $0.shelves.first } == [
                "currently-reading", "currently-reading", "want-to-read", "already-read",
            ])
        #expect(books.allSatisfy { $0.needsDetails })
    }

    @Test func importingNamesEachWorkFromOneLookUp() async throws {
        let catalogue = Self.works.enumerated().map { index, _ in
            SyntheticExport.Book(
                bookID: index + 1, title: "Logged Book \(index + 1)", author: "Author \(index + 1)", isbn10: nil,
                isbn13: nil, knownISBNs: [],
                coverID: 700 + index, dateRead: nil, dateAdded: "2025/01/01", myRating: 0, exclusiveShelf: "read",
                shelves: [])
        }
        let openLibrary = try FakeOpenLibrary(books: catalogue, works: Self.works)
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let run = try await ImportEndToEndTests.booktag(["import", Self.file.path], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let asked = openLibrary.searchRequests.flatMap { ($0.query["q"] ?? "").components(separatedBy: " OR ") }
        #expect(
            asked.sorted() == Self.works.map { "key:/works/\($0)" }.sorted(),
            "each work asked for once, by its key alone")
        let store = try BookStore.open(home: home.home)
        let reading = try store.books(of: TagName("currently-reading"))
        #expect(
            reading.map(\.book.title) == ["Logged Book 1", "Logged Book 2"]
                && reading.map(\.book.authorName) == ["Author 1", "Author 2"])
        #expect(reading.map(\.book.bookID) == [.openLibrary("OL102749W"), .openLibrary("OL361393W")])
        let read = try store.tag(TagName("already-read"))
        #expect(read?.origin?.displayName == "Open Library reading log, shelf already-read")

        // Again: the covers are in the store, and so are the titles.
        let again = try await ImportEndToEndTests.booktag(["import", Self.file.path], home: home)
        #expect(again.status == 0, "\(again.errors)")
        let again2 = try store.books(of: TagName("currently-reading"))
        #expect(again2.map(\.book.title) == ["Logged Book 1", "Logged Book 2"])
    }
}
