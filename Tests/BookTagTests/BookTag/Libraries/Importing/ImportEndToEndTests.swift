import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// `booktag import` against a fake Open Library on 127.0.0.1.
@Suite(.serialized) struct ImportEndToEndTests {
    static func booktag(_ arguments: [String], home: TemporaryHome) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path])
    }

    static func configure(_ home: TemporaryHome, openLibrary: URL) throws {
        let config =
            #"{"openlibrary": {"baseURL": "\#(openLibrary.absoluteString)", "coversURL": "\#(openLibrary.absoluteString)", "minRequestInterval": 0.2}}"#
        try Data(config.utf8).write(to: home.home.configFile)
    }

    /// `count` synthetic books, a fake Open Library that knows them, a home configured to use it,
    /// and the books' export in the home's folder.
    static func setUp(count: Int) throws -> (
        books: [SyntheticExport.Book], openLibrary: FakeOpenLibrary, home: TemporaryHome, file: URL
    ) {
        let books = SyntheticExport.books(count: count)
        let openLibrary = try FakeOpenLibrary(books: books)
        let home = try TemporaryHome()
        try configure(home, openLibrary: openLibrary.baseURL)
        return (books, openLibrary, home, try exportFile(books, in: home))
    }

    static func exportFile(_ books: [SyntheticExport.Book], in home: TemporaryHome) throws -> URL {
        let file = home.folder.appendingPathComponent("goodreads_library_export.csv")
        try Data(SyntheticExport.csv(books, byteOrderMark: true).utf8).write(to: file)
        return file
    }

    /// "My 2025 in books" from an export: covers found in batches by ISBN-13, ISBN-10, then
    /// title and author, downloaded by id; the reader's stars and dates kept; a book with no
    /// cover anywhere kept with a drawn one; re-importing replaces the set, asking again only
    /// about the books that had no cover.
    @Test func aYearOfReadingFromAnExport() async throws {
        let (books, openLibrary, home, file) = try Self.setUp(count: 300)

        let run = try await Self.booktag(
            ["import", file.path, "--year", "2025", "--tag", "my 2025 in books", "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let tags = try #require(report["tags"] as? [[String: Any]])
        let read2025 = books.filter { $0.dateRead?.hasPrefix("2025") == true }
        let covered = read2025.filter { $0.coverID != nil }
        #expect(tags.count == 1 && tags[0]["tag"] as? String == "my 2025 in books")
        #expect(
            tags[0]["books"] as? Int == read2025.count
                && tags[0]["withoutCover"] as? Int == read2025.count - covered.count && covered.count < read2025.count)
        #expect(
            run.errors.contains("\(read2025.count - covered.count) books with no cover anywhere: drawn"),
            "\(run.errors)")
        // 60 books, one batch: one ISBN-13 query; one ISBN-10 query (the editions Open Library
        // files under their ISBN-10 only); title and author for the 15 without an ISBN and the
        // 10 whose ISBN has no cover, 20 a query: 4 calls, under 7 per 100 books.
        let searches = openLibrary.searchRequests
        #expect(searches.count == 4, "\(searches.map { $0.query["q"] ?? "" })")
        let otherEditions = read2025.filter { $0.isbn10 != nil && $0.knownISBNs == [$0.isbn10!] }
        #expect(
            searches[0].query["q"]?.hasPrefix("isbn:978") == true
                && searches[1].query["q"]?.components(separatedBy: " OR ").count == otherEditions.count)
        #expect(searches[2].query["q"]?.hasPrefix("(title:\"") == true)
        #expect(
            searches.allSatisfy { $0.query["fields"] == "key,title,author_name,cover_i,isbn,number_of_pages_median" })
        #expect(
            openLibrary.coverRequests.count == covered.count
                && openLibrary.coverRequests.allSatisfy { $0.path.hasPrefix("/b/id/") && $0.path.hasSuffix("-L.jpg") })
        let gaps = zip(searches.dropFirst(), searches).map { $0.arrival - $1.arrival }
        #expect(gaps.allSatisfy { $0 >= 0.2 }, "\(gaps)")

        let note = try await Self.booktag(["books", "my 2025 in books"], home: home)
        #expect(note.errors.contains("from Goodreads export, read in 2025") && note.output.contains("MINE"))
        let shelf = try await Self.booktag(["books", "my 2025 in books", "--json"], home: home)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(shelf.output.utf8)) as? [[String: Any]])
        let dates = listed.compactMap { $0["dateRead"] as? String }
        #expect(dates.count == read2025.count && dates == dates.sorted(by: >), "newest read first")
        let drawnTitles = Set(listed.filter { $0["coverDrawn"] as? Bool == true }.compactMap { $0["title"] as? String })
        #expect(drawnTitles == Set(read2025.filter { $0.coverID == nil }.map(\.title)), "marked drawn in books --json")
        let first = try #require(covered.max { ($0.dateRead ?? "", $1.bookID) < ($1.dateRead ?? "", $0.bookID) })
        let shown = try await Self.booktag(["show", "--id", String(first.bookID), "--json"], home: home)
        let details = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        #expect(details["publisher"] as? String == "Harbour & Sons, Ltd." && details["shownFrom"] as? String == "store")
        #expect(details["dateRead"] as? String == first.dateRead?.replacingOccurrences(of: "/", with: "-"))
        #expect(home.coverFilesOnDisk().count == read2025.count, "a file for each cover, drawn or found")

        // Again: the set is replaced in one step, from the covers already stored.
        let again = try await Self.booktag(
            ["import", file.path, "--year", "2025", "--tag", "my 2025 in books"], home: home)
        #expect(again.status == 0 && again.output.contains("replaced"), "\(again.errors)")
        #expect(openLibrary.coverRequests.count == covered.count, "no cover downloaded again")
        let askedAgain = openLibrary.searchRequests.dropFirst(4).flatMap {
            ($0.query["q"] ?? "").components(separatedBy: " OR ")
        }
        let missing = read2025.filter { $0.coverID == nil }
        let expectedTerms =
            missing.count { $0.isbn13 != nil } + missing.count { $0.isbn10 != nil && $0.knownISBNs == [$0.isbn10!] }
            + missing.count
        #expect(askedAgain.count == expectedTerms, "only the books without a cover, by ISBN then title: \(askedAgain)")
        // Made again under the same name with another filter, the tag says so.
        let narrowed = try await Self.booktag(
            ["import", file.path, "--shelf", "read", "--year", "2025", "--tag", "my 2025 in books"], home: home)
        #expect(narrowed.status == 0, "\(narrowed.errors)")
        #expect(
            try BookStore.open(home: home.home).tag(TagName("my 2025 in books"))?.origin
                == .export(format: .goodreads, shelf: "read", year: 2025))
        #expect(try await Self.booktag(["collage", "my 2025 in books", "--format", "jpeg"], home: home).status == 0)
        #expect(
            try await Self.booktag(["reroll", "my 2025 in books"], home: home).errors.contains(
                "importing the export again"))
        #expect(try await Self.booktag(["remove", "my 2025 in books"], home: home).status == 0)
    }

    /// An import made again with a narrower filter takes the books it no longer holds out of
    /// the store with their cover files, except a book `show` fetched for itself; removing the
    /// tag leaves that book alone too.
    @Test func aReimportLeavesNoCoversBehind() async throws {
        let (_, _, home, file) = try Self.setUp(count: 120)
        let tag = try TagName("my reading")
        #expect(
            try await Self.booktag(["import", file.path, "--shelf", "read", "--tag", tag.display], home: home).status
                == 0)
        let store = try BookStore.open(home: home.home)
        let wide = try store.books(of: tag)
        #expect(
            home.coverFilesOnDisk() == (try store.referencedCoverPaths()) && home.coverFilesOnDisk().count == wide.count
        )

        let narrowed = try await Self.booktag(
            ["import", file.path, "--shelf", "read", "--year", "2025", "--tag", tag.display], home: home)
        #expect(narrowed.status == 0, "\(narrowed.errors)")
        let narrow = try store.books(of: tag)
        let kept = Set(narrow.map(\.book.bookID))
        let left = wide.filter { !kept.contains($0.book.bookID) }
        #expect(!left.isEmpty && narrow.count < wide.count)
        #expect(home.coverFilesOnDisk() == Set(narrow.map(\.book.coverPath)), "only the covers the tag holds")
        for entry in left {
            #expect(try store.book(id: entry.book.bookID) == nil, "\(entry.book.title) is in no tag")
        }
        let shown = try await Self.booktag(["show", "--id", left[0].book.bookID.value, "--json"], home: home)
        #expect(
            shown.status != 0 && shown.output.isEmpty, "a forgotten book is asked of its source again: \(shown.errors)")

        // A book `show` fetched (this is its store call) stays with its cover when its tag drops it.
        let fetched = try #require(try store.book(id: narrow[0].book.bookID))
        try store.saveBook(fetched.details, cover: nil)
        let wider = try await Self.booktag(
            ["import", file.path, "--shelf", "read", "--year", "2024", "--tag", tag.display], home: home)
        #expect(wider.status == 0, "\(wider.errors)")
        #expect(try store.book(id: fetched.details.id)?.coverPath == fetched.coverPath)
        #expect(try await Self.booktag(["remove", tag.display], home: home).status == 0)
        #expect(
            home.coverFilesOnDisk() == [try #require(fetched.coverPath)], "the fetched book's cover, and nothing else")
    }

    /// Without filters: a tag per shelf; a tag of another source is never overwritten: the whole
    /// import is refused in one error naming it and `--prefix`, before any request, and with a
    /// prefix every shelf's tag is made beside it.
    @Test func aClashingTagRefusesTheImportAndAPrefixMakesRoom() async throws {
        let (_, openLibrary, home, file) = try Self.setUp(count: 40)
        let taken = try await Self.booktag(
            ["add", "to-read", "--shelf", "12345", "--replay", Fixtures.shelfReplay.path], home: home)
        #expect(taken.status == 0, "\(taken.errors)")
        let store = try BookStore.open(home: home.home)
        let before = try store.books(of: TagName("to-read"))
        let covers = home.coverFilesOnDisk()

        let run = try await Self.booktag(["import", file.path], home: home)
        #expect(run.status == 64 && run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        #expect(
            run.errors.hasPrefix(
                "error: the tag \"to-read\" (Goodreads shelf 12345/read) exists from another source; nothing was imported"
            ))
        #expect(run.errors.contains("--prefix TEXT"), "\(run.errors)")
        #expect(openLibrary.searchRequests.isEmpty && openLibrary.coverRequests.isEmpty, "refused before any request")
        #expect(try store.tags().map(\.name) == ["to-read"])
        #expect(try store.books(of: TagName("to-read")) == before && home.coverFilesOnDisk() == covers)

        let prefixed = try await Self.booktag(["import", file.path, "--prefix", "gr"], home: home)
        #expect(prefixed.status == 0, "\(prefixed.errors)")
        let tags = try store.tags()
        #expect(Set(tags.map(\.name)) == ["to-read", "gr read", "gr currently-reading", "gr to-read", "gr favourites"])
        #expect(
            tags.first { $0.name == "gr favourites" }?.origin
                == .export(format: .goodreads, shelf: "favourites", year: nil))
        #expect(tags.first { $0.name == "to-read" }?.origin == .shelf(try ShelfReference("12345"), year: nil))
        #expect(try store.books(of: TagName("to-read")) == before)
        // Books on two shelves were looked up and downloaded once.
        #expect(openLibrary.coverRequests.count == Set(openLibrary.coverRequests.map(\.path)).count)
    }

    /// A failure half-way leaves the earlier import's set and collage exactly as they were.
    @Test func aFailedReimportKeepsTheOldSet() async throws {
        let (_, _, home, file) = try Self.setUp(count: 30)
        #expect(try await Self.booktag(["import", file.path, "--shelf", "read"], home: home).status == 0)
        let store = try BookStore.open(home: home.home)
        let before = try store.books(of: TagName("read"))
        let collage = CollageMaker(store: store).defaultFile(for: try TagName("read"), format: .png)
        let picture = try Data(contentsOf: collage)

        // More books now, and Open Library answers with a broken body.
        let more = SyntheticExport.books(count: 60)
        try Data(SyntheticExport.csv(more).utf8).write(to: file)
        let broken = try LoopbackServer { _ in
            LoopbackServer.Reply(headers: ["Content-Type": "application/json"], body: Data(#"{"docs": 12"#.utf8))
        }
        try Self.configure(home, openLibrary: broken.baseURL)
        let run = try await Self.booktag(["import", file.path, "--shelf", "read"], home: home)
        #expect(run.status == 76 && run.errors.contains("Open Library"), "\(run.errors)")
        #expect(try store.books(of: TagName("read")) == before && (try Data(contentsOf: collage)) == picture)
        #expect(home.coverFilesOnDisk() == (try store.referencedCoverPaths()), "no stray cover files")
    }

    @Test(arguments: [
        (
            "Title,Author\r\nDune,Frank Herbert\r\n", Int32(65),
            "is no library export booktag knows (Goodreads library export CSV, StoryGraph export CSV, LibraryThing export (TSV, JSON or the old CSV), Calibre library folder, Open Library reading-log CSV, BookWyrm export CSV, KOReader statistics database (statistics.sqlite3)): its first line is \"Title,Author\""
        ),
        ("", 65, "is empty"),
        (SyntheticExport.header + "\r\n", 65, "has no books"),
    ])
    func badFilesAreOneLineAndStoreNothing(text: String, status: Int32, message: String) async throws {
        let home = try TemporaryHome()
        let file = home.folder.appendingPathComponent("export.csv")
        try Data(text.utf8).write(to: file)
        let run = try await Self.booktag(["import", file.path], home: home)
        #expect(run.status == status && run.errors.contains(message), "\(run.errors)")
        let errorLines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errorLines.count == 1)
        let stored =
            FileManager.default.fileExists(atPath: home.home.databaseFile.path)
            ? try BookStore.open(home: home.home).tags() : []
        #expect(stored.isEmpty)
    }

    @Test func aMissingFileAndAnEmptyYearAreOneLine() async throws {
        let home = try TemporaryHome()
        let missing = try await Self.booktag(["import", "/nonexistent/export.csv"], home: home)
        #expect(missing.status == 66 && missing.errors.contains("cannot read /nonexistent/export.csv"))
        let file = try Self.exportFile(SyntheticExport.books(count: 10), in: home)
        let empty = try await Self.booktag(["import", file.path, "--year", "1990"], home: home)
        #expect(
            empty.status == 66 && empty.errors.contains("no book in \(file.path) is read in 1990"), "\(empty.errors)")
    }

    /// An import recorded against the loopback service replays with no network.
    @Test func anImportRecordsAndReplays() async throws {
        let (_, openLibrary, recordingHome, file) = try Self.setUp(count: 50)
        let recording = recordingHome.folder.appendingPathComponent("recording")
        let recorded = try await Self.booktag(
            ["import", file.path, "--shelf", "read", "--record", recording.path], home: recordingHome)
        #expect(recorded.status == 0, "\(recorded.errors)")
        openLibrary.server.stop()

        let home = try TemporaryHome()
        try Self.configure(home, openLibrary: openLibrary.baseURL)
        let replayed = try await Self.booktag(
            ["import", file.path, "--shelf", "read", "--replay", recording.path, "--json"], home: home)
        #expect(replayed.status == 0, "\(replayed.errors)")
        let original = try BookStore.open(home: recordingHome.home).books(of: TagName("read")).map(\.book.bookID)
        #expect(
            try BookStore.open(home: home.home).books(of: TagName("read")).map(\.book.bookID) == original
                && !original.isEmpty)
    }
}
