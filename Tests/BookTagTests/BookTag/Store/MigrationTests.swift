import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// Homes made by earlier booktags open in this one with everything intact, and books from
/// different sources live side by side.
struct MigrationTests {
    /// A copy of `fixtures/homes/v1`, written by booktag before book ids had a source: "fantasy"
    /// (12 books) and "tiny" (3) from the Goodreads recording, the details of book 5100000, an
    /// HTML collage and night mode on.
    static func v1Home() throws -> TemporaryHome {
        let temporary = try TemporaryHome()
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.v1Home.path) {
            try FileManager.default.copyItem(
                at: Fixtures.v1Home.appendingPathComponent(name), to: temporary.folder.appendingPathComponent(name))
        }
        return temporary
    }

    @Test func aHomeFromTheFirstSchemaOpensWithEverythingIntact() throws {
        let temporary = try Self.v1Home()
        let before = try DatabaseQueue(path: temporary.home.databaseFile.path).read { db in
            (
                try Row.fetchAll(
                    db,
                    sql: "SELECT tagId, position, goodreadsID, title, coverPath FROM tagBook ORDER BY tagId, position"),
                try Row.fetchOne(db, sql: "SELECT * FROM book")
            )
        }
        let coversBefore = try temporary.coverFileContents()
        let collagesBefore = try FileManager.default.contentsOfDirectory(atPath: temporary.home.collagesFolder.path)
            .sorted()

        let store = try BookStore.open(home: temporary.home)
        #expect(try store.integrityCheck())
        let tags = try store.tags()
        #expect(tags.map(\.name) == ["fantasy", "tiny"] && tags.map(\.bookCount) == [12, 3])
        #expect(tags.allSatisfy { $0.source == .goodreads && $0.origin == nil }, "v3: searches have no origin")
        var migrated: [(Int64, Int, BookID, String, String)] = []
        for tag in tags {
            migrated += try store.books(of: TagName(tag.name)).map {
                ($0.book.tagId, $0.book.position, $0.book.bookID, $0.book.title, $0.book.coverPath)
            }
        }
        #expect(migrated.count == before.0.count)
        for (old, new) in zip(before.0, migrated) {
            #expect(
                new.0 == old["tagId"] && new.1 == old["position"] && new.3 == old["title"] && new.4 == old["coverPath"])
            #expect(new.2 == .goodreads(old["goodreadsID"]))
        }
        let oldBook = try #require(before.1)
        let book = try #require(try store.book(id: .goodreads(oldBook["goodreadsID"])))
        #expect(
            book.details.title == oldBook["title"] && book.isbn13 == oldBook["isbn13"]
                && book.coverPath == oldBook["coverPath"])
        #expect(book.details.reading == nil, "v3: no stars or dates were known")
        let html = try #require(book.details.descriptionHTML)
        #expect(
            book.descriptionText == HTMLSanitizer.plainText(fromHTML: html) && html.contains("<"),
            "v7: the description's text kept beside its HTML")
        #expect(
            try store.book(isbn: ISBN(oldBook["isbn13"] as String))?.details.id == .goodreads(oldBook["goodreadsID"]))
        #expect(try store.tagNames(containing: .goodreads(oldBook["goodreadsID"])) == ["fantasy"])
        // Files are untouched, and every reference still has its file.
        #expect(try temporary.coverFileContents() == coversBefore)
        #expect(try store.referencedCoverPaths().isSubset(of: Set(coversBefore.keys)))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary.home.collagesFolder.path).sorted()
                == collagesBefore)
        #expect(PreferencesStore(home: temporary.home).load().0.nightMode)
        // Migrated once: opening again changes nothing.
        let database = try temporary.checkpointedDatabase()
        _ = try BookStore.open(home: temporary.home)
        #expect(try temporary.checkpointedDatabase() == database)
        // v5: details stored before it count as fetched by `show`, so they outlive their tag.
        try store.removeTag(TagName("fantasy"))
        #expect(try store.book(id: .goodreads(oldBook["goodreadsID"]))?.coverPath == oldBook["coverPath"])
        #expect(
            FileManager.default.fileExists(atPath: store.coverURL(try #require(oldBook["coverPath"] as String?)).path))
    }

    @Test func aMigratedHomeTakesBooksFromEverySource() throws {
        let temporary = try Self.v1Home()
        let store = try BookStore.open(home: temporary.home)
        let books = SyntheticBooks.set(7, count: 3).enumerated().map { index, book in
            var work = book.work
            work.id = .openLibrary("OL\(90 + index)W")
            return GatheredBook(work: work, cover: book.cover)
        }
        try store.createTag(
            TagName("Open"), source: .openlibrary, books: books,
            search: SearchPosition(totalResults: 3, pageSize: 30, startPage: 1))
        #expect(try store.tag(TagName("open"))?.source == .openlibrary)
        #expect(
            try store.books(of: TagName("open")).map(\.book.bookID) == [
                .openLibrary("OL90W"), .openLibrary("OL91W"), .openLibrary("OL92W"),
            ])
        #expect(try store.tags().map(\.source) == [.goodreads, .openlibrary, .goodreads])
    }

    /// A Goodreads id and an Open Library id with the same text are different books; one book in
    /// two tags is one details row and one cover file.
    @Test func identityIsTheSourceAndItsId() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let shared = GatheredBook(
            work: SearchWork(id: .openLibrary("OL45804W"), title: "Shared"),
            cover: SyntheticBooks.pngCover(seed: "shared"))
        let search = SearchPosition(totalResults: 1, pageSize: 30, startPage: 1)
        try store.createTag(TagName("one"), source: .openlibrary, books: [shared], search: search)
        try store.createTag(TagName("two"), source: .openlibrary, books: [shared], search: search)
        try store.saveBook(BookDetails(id: .openLibrary("OL45804W"), title: "Shared"), cover: shared.cover)
        try store.saveBook(
            BookDetails(id: BookID(source: .goodreads, value: "45804"), title: "Not the same book"), cover: nil)
        #expect(try store.count("book") == 2)
        #expect(try store.count("coverFile") == 1 && temporary.coverFilesOnDisk().count == 1)
        #expect(try store.tagNames(containing: .openLibrary("OL45804W")) == ["one", "two"])
        #expect(try store.book(id: .openLibrary("OL45804W"))?.details.title == "Shared")
        #expect(try store.book(id: .goodreads(45804))?.details.title == "Not the same book")
    }
}

extension MigrationTests {
    /// v8: a v7 home's whole stars and one day read become the reader's stars as written and
    /// their list of reads; `stats` reads them from the rebuilt numbers index.
    @Test func aV7ReadersStarsAndDayBecomeTheFullRecord() throws {
        let temporary = try Self.v1Home()
        let queue = try DatabaseQueue(path: temporary.home.databaseFile.path)
        try StoreSchema.migrator.migrate(queue, upTo: "v7: a book's description kept as plain text too")
        let id: String = try queue.write { db in
            let id = try String.fetchOne(db, sql: "SELECT sourceID FROM book LIMIT 1")!
            try db.execute(
                sql: "UPDATE book SET myRating = 4, dateRead = '2024-11-02' WHERE sourceID = ?", arguments: [id])
            return id
        }
        try queue.close()
        let store = try BookStore.open(home: temporary.home)
        let reading = try #require(try store.book(id: BookID(source: .goodreads, value: id))?.details.reading)
        #expect(
            reading.stars == 4 && reading.rating == 4 && reading.readDates == ["2024-11-02"] && reading.format == nil
                && reading.moods.isEmpty)
        #expect(try store.integrityCheck())
    }
}

/// A reader's own record of a book (their stars and date, from a shelf or an export) joins what a
/// source said of it, and survives the source saying it again.
struct ReadingStoreTests {
    @Test func aListingJoinsFetchedDetailsAndAFetchKeepsTheReading() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let id = BookID.goodreads(5_100_000)
        var fetched = BookDetails(
            id: id, title: "The Silver Crown", isbn13: "9780306406157", publisher: "Orchard & Vale",
            descriptionHTML: "<p>From the API.</p>")
        fetched.authors = [BookAuthor(id: 7, name: "Elena Marsh")]
        try store.saveBook(fetched, cover: SyntheticBooks.pngCover(seed: "fetched"))

        let listing = BookDetails(
            id: id, title: "The Silver Crown", isbn13: "9780306406157", publisher: "Another House",
            descriptionHTML: "From the shelf.",
            pageCount: 321, reading: Reading(rating: 4, dateRead: "2025-03-14"))
        let book = GatheredBook(
            work: SearchWork(
                id: id, title: "The Silver Crown", imageURL: "https://example.org/c.jpg", details: listing),
            cover: SyntheticBooks.pngCover(seed: "shelf"))
        try store.createTag(
            TagName("my 2025"), source: .goodreads, origin: .shelf(try ShelfReference("12345/read"), year: 2025),
            books: [book], search: SearchPosition(totalResults: 1, pageSize: 20, startPage: 1))

        let joined = try #require(try store.book(id: id))
        #expect(joined.details.reading == Reading(rating: 4, dateRead: "2025-03-14"))
        #expect(
            joined.details.publisher == "Orchard & Vale" && joined.details.descriptionHTML == "<p>From the API.</p>",
            "what was fetched wins")
        #expect(
            joined.details.pageCount == 321 && joined.details.authors.map(\.name) == ["Elena Marsh"],
            "gaps are filled from the listing")
        let tag = try #require(try store.tag(TagName("my 2025")))
        #expect(
            tag.origin == .shelf(try ShelfReference("12345/read"), year: 2025)
                && tag.sourceDescription == "Goodreads shelf 12345/read, read in 2025")
        #expect(try store.books(of: TagName("my 2025")).first?.reading?.rating == 4)

        try store.saveBook(fetched, cover: nil)
        #expect(
            try store.book(id: id)?.details.reading == Reading(rating: 4, dateRead: "2025-03-14"),
            "a fetch knows nothing of the reader")
    }

    @Test(arguments: ["12345", "12345-robin-hood/to-read", " 42/Favourites_2025 "])
    func shelfReferencesAreDigitsAndAShelfName(_ text: String) throws {
        let reference = try ShelfReference(text)
        #expect(
            reference.userID.allSatisfy(\.isNumber) && !reference.shelf.contains("/")
                && reference.shelf == reference.shelf.lowercased())
    }

    @Test(arguments: [
        "", "0", "robin", "12345/", "12345/to read", "12345/../etc", "12345/%2F", "1234567890123456789012",
    ])
    func badShelfReferencesAreRefused(_ text: String) {
        #expect(throws: ShelfReferenceError.self) { try ShelfReference(text) }
    }

    @Test func readingKeepsOnlyRealDaysAndStars() {
        #expect(Reading(rating: 0, dateRead: "2025-02-30").rating == nil)
        #expect(Reading(rating: 6, dateRead: "2025-13-01").dateRead == nil)
        #expect(Reading(rating: 5, dateRead: "2025-12-31").yearRead == 2025)
        #expect(ExportReader.day("2025/03/14") == "2025-03-14" && ExportReader.day("14/03/2025") == nil)
        #expect(
            ShelfFeedDecoder.readDay("Wed, 31 Dec 2025 23:00:00 -0800") == "2025-12-31", "the reader's own calendar")
    }
}
