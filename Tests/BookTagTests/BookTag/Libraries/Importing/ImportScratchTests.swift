import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// An import's rows and settled covers live in scratch files (`RecordSpill`), not in memory:
/// what is read back must be what was written, the files must never show in the home, and a plan
/// made through them must be the plan made from rows in memory.
@Suite struct ImportScratchTests {
    @Test func aSpillReadsBackEveryRecordAndNeverHasANameInItsFolder() throws {
        let temporary = try TemporaryHome()
        let folder = temporary.folder
        let (books, _) = try StoryGraphTests.read(StoryGraphTests.raw)
        #expect(books.count == 193)
        let spill = try RecordSpill<ImportedBook>(in: folder)
        for (number, book) in books.enumerated() {
            #expect(try spill.append(book) == Int32(number))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty,
            "the scratch file is unlinked as it is opened")
        #expect(spill.count == books.count)
        for number in books.indices.reversed() {
            #expect(try spill.record(Int32(number)) == books[number])
        }
    }

    @Test func aSpillInAFolderThatIsNotThereIsOneClearError() throws {
        let temporary = try TemporaryHome()
        let missing = temporary.folder.appendingPathComponent("gone")
        let error = try #require(throws: (any Error).self) { try RecordSpill<ImportedBook>(in: missing) }
        #expect(error.localizedDescription.contains("cannot create a scratch file in \(missing.path)"))
    }

    /// Genuine StoryGraph, SYNTHETIC Goodreads (2,000 rows, with shelves and dates), each planned
    /// the way `import` and serve's upload plan it (rows written to a scratch file as read) and
    /// from the rows in memory: the same tags, the same rows in the same order.
    @Test(arguments: ["storygraph", "goodreads", "goodreads year"])
    func anImportPlansTheSameTagsThroughItsScratchFileAsFromRowsInMemory(_ kind: String) throws {
        let temporary = try TemporaryHome()
        let workspace = Workspace(
            home: temporary.home,
            network: { _ in throw FetchError.cannotReach(host: "the network, which these tests never use") })
        let store = try workspace.openStore()
        let file: URL
        let rows: [ImportedBook]
        let format: LibraryFormat
        if kind == "storygraph" {
            file = StoryGraphTests.raw
            rows = try StoryGraphTests.read(file).0
            format = .storygraph
        } else {
            file = temporary.folder.appendingPathComponent("export.csv")
            try Data(SyntheticExport.csv(SyntheticExport.books(count: 2_000)).utf8).write(to: file)
            rows = try ExportReaderTests.read(file).rows
            format = .goodreads
        }
        let year = kind == "goodreads year" ? 2024 : nil
        let plan = try ImportLibrary(workspace: workspace, store: store).plan(ImportRequest(file: file, year: year))
        let inMemory = try ExportSelection(format: format, year: year).plans(for: rows)
        #expect(plan.tags.count == inMemory.count && !plan.tags.isEmpty)
        for (spilled, held) in zip(plan.tags, inMemory) {
            #expect(spilled.name == held.name && spilled.origin == held.origin)
            #expect(try spilled.rows.all() == held.rows.all(), "\(held.name.display)")
            for index in [0, spilled.rows.count / 2, spilled.rows.count - 1]
            where index >= 0 && index < spilled.rows.count {
                #expect(spilled.rows.book(index) == held.rows.book(index))
            }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary.home.dataFolder.path).allSatisfy {
                !$0.hasPrefix(".spill")
            })
    }

    /// A set made a book at a time is checked for a book twice by the transaction itself: refused,
    /// and the tag's earlier set is as it was.
    @Test func aSetMadeABookAtATimeWithABookTwiceIsRefusedAndTheOldSetStays() throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let search = SearchPosition(totalResults: 3, pageSize: nil, startPage: 1)
        let first = SyntheticBooks.set(1, count: 3)
        try store.createTag(TagName("a"), source: .goodreads, books: first, search: search)
        let staged = try SyntheticBooks.set(2, count: 3).map { book in
            StagedBook(work: book.work, file: try CoverFileStore.describe(book.cover, title: book.work.title))
        }
        let twice = staged + [staged[1]]
        #expect(throws: StoreError.duplicateBook(staged[1].work.id)) {
            try store.commitSet(
                TagName("a"), count: twice.count, book: { twice[$0] }, search: search, change: .replace())
        }
        #expect(try store.books(of: TagName("a")).map(\.book.bookID) == first.map(\.work.id))
    }

    /// Covers wait in memory to be written out together, a batch bounded by bytes as well as by
    /// count (32 genuine covers are 4 MB or more). With bounds that make every batch a cover or
    /// two, covers downloaded from Open Library (the genuine Calibre covers, 36–258 KB, served by
    /// a fake) and covers a library keeps (the genuine Calibre library's) are all stored, each
    /// book with its own image's bytes.
    @Test(arguments: [1, 300_000])
    func coversAreWrittenOutInBatchesBoundedByTheirBytes(stagingBytes: Int) async throws {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        let genuine = try GenuineCovers.calibre(packageRoot: Fixtures.packageRoot)
        try #require(genuine.count == 5)

        let books = SyntheticExport.books(count: 90)
        let openLibrary = try FakeOpenLibrary(books: books, coverImages: genuine)
        defer { openLibrary.server.stop() }
        let transport = HTTPClientTransport()
        let client = OpenLibraryClient(
            baseURL: openLibrary.baseURL, coversURL: openLibrary.baseURL, transport: transport,
            throttle: RequestThrottle(folder: temporary.folder.appendingPathComponent("throttle")),
            minimumRequestInterval: 0)
        var importer = ExportImporter(
            store: store, search: CoverSearch(client: client), covers: CoverDownloader(transport: transport))
        importer.stagingBytes = stagingBytes

        let export = temporary.folder.appendingPathComponent("export.csv")
        try Data(SyntheticExport.csv(books).utf8).write(to: export)
        let downloaded = try await importer.importTags(
            try ExportSelection(tagName: "downloaded").plans(for: try ExportReaderTests.read(export).rows), collage: nil
        )
        var calibreRows: [ImportedBook] = []
        _ = try CalibreReader.read(CalibreTests.library) { calibreRows.append($0) }
        let copied = try await importer.importTags(
            try ExportSelection(format: .calibre, tagName: "copied").plans(for: calibreRows), collage: nil)
        await transport.shutdown()

        let covered = books.filter { $0.coverID != nil }
        #expect(downloaded.first?.books == books.count && copied.first?.books == 5)
        let entries = try store.books(of: TagName("downloaded"))
        #expect(entries.count == books.count && entries.count { $0.coverDrawn } == books.count - covered.count)
        for entry in entries where !entry.coverDrawn {
            let book = try #require(books.first { String($0.bookID) == entry.book.bookID.value })
            let image = try Data(contentsOf: store.coverURL(entry.book.coverPath))
            #expect(image == genuine[try #require(book.coverID) % genuine.count], "\(book.title) has its own cover")
        }
        let stored = try Set(
            store.books(of: TagName("copied")).map { try Data(contentsOf: store.coverURL($0.book.coverPath)) })
        #expect(stored == Set(genuine))
    }
}
