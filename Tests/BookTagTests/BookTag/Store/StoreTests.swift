import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

@Suite struct StoreTests {
    let search = SearchPosition(
        totalResults: 45, pageSize: 20, startPage: 1, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))

    @Test func createReadAndCascadeDelete() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let name = try TagName("Fantasy")

        // Given a tag with twelve books
        let created = try store.createTag(name, source: .goodreads, books: SyntheticBooks.set(1), search: search)
        #expect(created.name == "Fantasy" && created.key == "fantasy" && created.bookCount == 12)

        // Then it reads back in collage order, with its search position
        let books = try store.books(of: TagName(" FANTASY "))
        #expect(books.map(\.book.position) == Array(0..<12))
        #expect(books.map(\.book.title) == (0..<12).map { "set 1 book \($0)" })
        let tag = try #require(try store.tag(name))
        #expect(
            tag.totalResults == 45 && tag.pageSize == 20 && tag.startPage == 1 && tag.lastFetchedAt == search.fetchedAt)
        #expect(try store.tags().map(\.name) == ["Fantasy"])
        #expect(temporary.coverFilesOnDisk().count == 12)
        #expect(temporary.coverFilesOnDisk() == (try store.referencedCoverPaths()))

        // When it is removed, its books and covers go with it
        try store.removeTag(name)
        #expect(try store.tags().isEmpty)
        #expect(try store.count("tagBook") == 0)
        #expect(try store.count("coverFile") == 0)
        #expect(try store.count("coverCheck") == 0)
        #expect(temporary.coverFilesOnDisk().isEmpty)
    }

    /// A command maps the file for its reads; serve, which stays, reads through SQLite's bounded
    /// page cache, so that its resident memory does not grow with the store.
    @Test func onlyACommandReadsTheStoreThroughAMemoryMap() throws {
        let home = try TemporaryHome()
        let mapped = try BookStore.open(home: home.home)
        let unmapped = try BookStore.open(home: home.home, memoryMapped: false)
        #expect(try mapped.writer.read { try Int.fetchOne($0, sql: "PRAGMA mmap_size") } == 268_435_456)
        #expect(try unmapped.writer.read { try Int.fetchOne($0, sql: "PRAGMA mmap_size") } == 0)
    }

    /// The write-ahead log and its index stay between runs, emptied when the store closes: a
    /// command that only reads creates and deletes no file, and what was written is in the
    /// database file itself once the last connection has gone.
    @Test func theLogStaysBetweenRunsEmptiedAtClose() throws {
        let temporary = try TemporaryHome()
        let wal = temporary.home.databaseFile.path + "-wal"
        do {
            let store = try BookStore.open(home: temporary.home)
            try store.createTag(TagName("Fantasy"), source: .goodreads, books: SyntheticBooks.set(1), search: search)
            #expect(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int ?? 0 > 0)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: wal)
        #expect(attributes[.size] as? Int == 0, "the log is checkpointed and cut to nothing at close")
        #expect(FileManager.default.fileExists(atPath: temporary.home.databaseFile.path + "-shm"))
        let inode = attributes[.systemFileNumber] as? Int
        do {
            let store = try BookStore.open(home: temporary.home)
            #expect(try store.tags().map(\.name) == ["Fantasy"])
        }
        #expect(try FileManager.default.attributesOfItem(atPath: wal)[.systemFileNumber] as? Int == inode)
        // Without the log, the database file alone holds the tag (a copy of just that file is whole).
        let copy = temporary.folder.appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        let copiedHome = BookTagHome(folder: copy)
        try FileManager.default.copyItem(at: temporary.home.databaseFile, to: copiedHome.databaseFile)
        #expect(try BookStore.open(home: copiedHome).books(of: TagName("fantasy")).count == 12)
    }

    @Test func tagsMatchIgnoringCaseAndWhitespaceKeepingTheFirstSpelling() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        try store.createTag(
            TagName("Science  Fiction"), source: .goodreads, books: SyntheticBooks.set(1), search: search)
        #expect(throws: StoreError.tagExists("Science Fiction")) {
            try store.createTag(
                TagName(" science fiction "), source: .goodreads, books: SyntheticBooks.set(2), search: search)
        }
        #expect(try store.tag(TagName("SCIENCE FICTION"))?.name == "Science Fiction")
        #expect(
            try store.books(of: TagName("science fiction")).first?.book.title == "set 1 book 0",
            "the failed create changed nothing")
    }

    @Test func theSameBookInTwoTagsSharesItsDetailsAndCover() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let fantasy = try TagName("fantasy")
        let dragons = try TagName("dragons")
        let books = SyntheticBooks.set(1)
        try store.createTag(fantasy, source: .goodreads, books: books, search: search)
        try store.createTag(
            dragons, source: .goodreads, books: Array(books.prefix(3)) + SyntheticBooks.set(2, count: 9), search: search
        )
        #expect(temporary.coverFilesOnDisk().count == 12 + 9, "the three shared covers are stored once")

        let shared = books[0].work.id
        try store.saveBook(BookDetails(id: shared, title: "set 1 book 0", isbn: "0306406152"), cover: nil)
        #expect(try store.tagNames(containing: shared) == ["dragons", "fantasy"])
        #expect(try store.books(of: dragons).first?.isbn13 == "9780306406157", "details are shared by both tags")
        #expect(try store.books(of: fantasy).first?.isbn10 == "0306406152")

        // Removing one tag keeps the covers the other still uses
        try store.removeTag(fantasy)
        #expect(temporary.coverFilesOnDisk().count == 12)
        #expect(temporary.coverFilesOnDisk() == (try store.referencedCoverPaths()))
        #expect(try store.book(id: shared) != nil, "details outlive the tags they were in")
    }

    @Test func replacingASetRemovesOnlyOrphanedCovers() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let name = try TagName("fantasy")
        try store.createTag(name, source: .goodreads, books: SyntheticBooks.set(1), search: search)
        try store.createTag(
            TagName("keeper"), source: .goodreads, books: Array(SyntheticBooks.set(1).prefix(2)), search: search)

        try store.replaceBooks(
            of: name, with: SyntheticBooks.set(2), search: SearchPosition(totalResults: 45, pageSize: 20, startPage: 3))
        #expect(try store.books(of: name).allSatisfy { SyntheticBooks.setNumber(ofTitle: $0.book.title) == 2 })
        #expect(try store.tag(name)?.startPage == 3)
        #expect(temporary.coverFilesOnDisk().count == 12 + 2, "set 1's covers are gone except the two 'keeper' uses")
        #expect(temporary.coverFilesOnDisk() == (try store.referencedCoverPaths()))
        #expect(try store.count("coverCheck") == 0)
    }

    /// A change that fails at any step leaves the old set and its files byte-for-byte as they were.
    @Test(arguments: [
        BookStore.SetChangeStep.afterRecordingIntent, .afterWritingCovers, .afterRemovingOldSet,
        .afterInsertingFirstBook,
    ])
    func aReplaceThatFailsHalfwayChangesNothing(failingAt step: BookStore.SetChangeStep) throws {
        struct InjectedFailure: Error {}
        let temporary = try TemporaryHome()
        let name = try TagName("fantasy")
        try BookStore.open(home: temporary.home).createTag(
            name, source: .goodreads, books: SyntheticBooks.set(1), search: search)
        let store = try BookStore.open(home: temporary.home) { current in
            if current == step { throw InjectedFailure() }
        }
        let booksBefore = try store.books(of: name)
        let tagBefore = try store.tag(name)
        let filesBefore = try temporary.coverFileContents()
        let databaseBefore = try store.referencedCoverPaths()

        #expect(throws: InjectedFailure.self) {
            try store.replaceBooks(
                of: name, with: SyntheticBooks.set(2),
                search: SearchPosition(totalResults: 45, pageSize: 20, startPage: 2))
        }

        #expect(try store.books(of: name) == booksBefore)
        #expect(try store.tag(name) == tagBefore)
        #expect(try store.referencedCoverPaths() == databaseBefore)
        let filesAfter = try temporary.coverFileContents()
        for (path, data) in filesBefore {
            #expect(filesAfter[path] == data, "\(path) changed")
        }
        // The next writing command's sweep removes what the failed change had written.
        try store.sweepCovers()
        #expect(try temporary.coverFileContents() == filesBefore)
        #expect(try store.count("coverCheck") == 0)
    }

    @Test func aCoverThatIsNotAnImageIsRefused() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        var books = SyntheticBooks.set(1)
        books[5].cover = Data("<html><body>Not found</body></html>".utf8)
        #expect(throws: StoreError.notAnImage(title: "set 1 book 5")) {
            try store.createTag(TagName("fantasy"), source: .goodreads, books: books, search: search)
        }
        #expect(try store.tags().isEmpty)
        #expect(temporary.coverFilesOnDisk().isEmpty)
        #expect(throws: StoreError.notAnImage(title: "x")) {
            try store.saveBook(BookDetails(id: .goodreads(1), title: "x"), cover: Data([0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test func refusesEmptyAndDuplicateSets() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        #expect(throws: StoreError.emptySet) {
            try store.createTag(TagName("a"), source: .goodreads, books: [], search: search)
        }
        let set = SyntheticBooks.set(1, count: 2)
        #expect(throws: StoreError.duplicateBook(set[0].work.id)) {
            try store.createTag(TagName("a"), source: .goodreads, books: set + [set[0]], search: search)
        }
        #expect(throws: StoreError.tagNotFound("b")) {
            try store.replaceBooks(of: TagName("b"), with: set, search: search)
        }
    }

    @Test func bookDetailsAreFoundByEitherISBNAndById() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let details = try GoodreadsDecoder.book(from: Fixtures.data("book/book-show-cdata-html.xml"))
        let cover = SyntheticBooks.pngCover(seed: "glass orchard")
        let saved = try store.saveBook(details, cover: cover)
        #expect(try store.book(isbn: ISBN("0-306-40615-2")) == saved)
        #expect(try store.book(isbn: ISBN("9780306406157")) == saved)
        #expect(try store.book(id: details.id)?.details == details, "every field round-trips")
        #expect(try store.tagNames(containing: details.id).isEmpty, "kept though in no tag")
        let coverPath = try #require(saved.coverPath)
        #expect(try Data(contentsOf: store.coverURL(coverPath)) == cover)

        // A new cover replaces the old file; saving without one keeps it.
        let newer = try store.saveBook(details, cover: SyntheticBooks.pngCover(seed: "new edition"))
        #expect(temporary.coverFilesOnDisk() == [try #require(newer.coverPath)])
        #expect(try store.saveBook(details, cover: nil).coverPath == newer.coverPath)
    }

    @Test func reopeningAnExistingHomeKeepsItsData() throws {
        let temporary = try TemporaryHome()
        try BookStore.open(home: temporary.home).createTag(
            TagName("fantasy"), source: .goodreads, books: SyntheticBooks.set(1), search: search)
        let reopened = try BookStore.open(home: temporary.home)
        #expect(try reopened.books(of: TagName("fantasy")).count == 12)
        #expect(try reopened.integrityCheck())
        let mode = try reopened.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let foreignKeys = try reopened.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(foreignKeys == true)
    }

    @Test func filesAreUserOnly() throws {
        let temporary = try TemporaryHome()
        let home = BookTagHome(folder: temporary.folder.appendingPathComponent("nested/home"))
        let store = try BookStore.open(home: home)
        try store.createTag(
            TagName("fantasy"), source: .goodreads, books: SyntheticBooks.set(1, count: 1), search: search)
        func mode(_ url: URL) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        }
        for folder in [home.dataFolder, home.coversFolder, home.collagesFolder] {
            #expect(try mode(folder) == 0o700, "\(folder.path)")
        }
        #expect(try mode(home.databaseFile) == 0o600)
        let cover = try #require(try store.books(of: TagName("fantasy")).first?.book.coverPath)
        #expect(try mode(store.coverURL(cover)) == 0o600)
    }
}
