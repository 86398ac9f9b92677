import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// A reader's BookWyrm shelf through the built binary, against a SYNTHETIC instance
/// (`SyntheticBookWyrm`: three pages, authors on two instances), and BookWyrm's CSV export.
@Suite(.serialized) struct BookWyrmTests {
    static func booktag(_ arguments: [String], home: TemporaryHome) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path])
    }

    /// A home whose throttle allows loopback hosts 0.2 s, and whose Open Library is `openLibrary`.
    static func home(openLibrary: URL) throws -> TemporaryHome {
        let home = try TemporaryHome()
        let config = """
            {"bookwyrm": {"minRequestInterval": 0.2},
             "openlibrary": {"baseURL": "\(openLibrary.absoluteString)", "coversURL": "\(openLibrary.absoluteString)",
                             "minRequestInterval": 0.2}}
            """
        try Data(config.utf8).write(to: home.home.configFile)
        return home
    }

    /// Open Library knows the coverless editions by ISBN.
    static func openLibrary(for wyrm: SyntheticBookWyrm) throws -> FakeOpenLibrary {
        try FakeOpenLibrary(
            books: (1...wyrm.count).filter { $0 % 6 == 0 }.map { number in
                SyntheticExport.Book(
                    bookID: number, title: "Wyrm Book \(number)", author: "x", isbn10: nil,
                    isbn13: SyntheticBookWyrm.isbn(number), knownISBNs: [SyntheticBookWyrm.isbn(number)],
                    coverID: 7_000 + number, dateRead: nil, dateAdded: "2025/01/01", myRating: 0,
                    exclusiveShelf: "read", shelves: [])
            })
    }

    @Test func aShelfOfThreePagesWithAuthorsOnTwoInstances() async throws {
        let wyrm = try SyntheticBookWyrm(count: 25)
        let openLibrary = try Self.openLibrary(for: wyrm)
        let home = try Self.home(openLibrary: openLibrary.baseURL)
        let run = try await Self.booktag(
            ["add", "wyrm", "--shelf", wyrm.shelf(), "--source", "bookwyrm", "--count", "all", "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let store = try BookStore.open(home: home.home)
        let books = try store.books(of: TagName("wyrm"))
        // Every edition, in the shelf's order, covers from the instance or from Open Library.
        #expect(books.map(\.book.title) == (1...25).map { "Wyrm Book \($0)" })
        #expect(!openLibrary.searchRequests.isEmpty)
        let pages = wyrm.instance.requests.filter { $0.path.hasSuffix("/read.json") }
        #expect(pages.map { $0.query["page"] } == ["1", "2", "3"])
        #expect(pages.allSatisfy { $0.headers["accept"] == "application/activity+json" })
        // Each author asked once, on its own instance.
        let near = wyrm.instance.requests.filter { $0.path.hasPrefix("/author/") && $0.path != "/author/loop" }.map(
            \.path)
        let far = wyrm.otherInstance.requests.filter { $0.path.hasPrefix("/author/") }.map(\.path)
        #expect(Set(near).count == near.count && Set(far).count == far.count && !near.isEmpty && !far.isEmpty)
        let names = Set(books.compactMap(\.book.authorName))
        #expect(names.contains("Near Author 1") && names.contains("Far Author 2"))
        // An author whose address loops leaves its book without a name, not without the book.
        #expect(books[2].book.title == "Wyrm Book 3" && books[2].book.authorName == nil, "\(books[2].book)")
        // Arrivals at the instance keep the interval (kernel stamps).
        let arrivals = wyrm.instance.requests.filter { !$0.path.hasPrefix("/images/") }.map(\.arrival).sorted()
        #expect(zip(arrivals, arrivals.dropFirst()).allSatisfy { $1 - $0 >= 0.2 })
    }

    @Test(arguments: [
        ("private", 66, "is private or does not exist"),
        ("html", 76, "did not answer as a BookWyrm instance"),
        ("year", 64, "BookWyrm's CSV export has the days"),
        ("no at", 64, "is not a BookWyrm account"),
        ("foreign pages", 76, "whose pages are on another server"),
        ("path", 64, "is not a BookWyrm account"),
    ])
    func refusalsAreOneLineAndStoreNothing(kind: String, status: Int32, message: String) async throws {
        let wyrm = try SyntheticBookWyrm(count: 5)
        let html = try LoopbackServer { _ in
            LoopbackServer.Reply(headers: ["Content-Type": "text/html"], body: Data("<html>a blog</html>".utf8))
        }
        let foreign = try LoopbackServer { _ in
            let collection =
                #"{"type": "OrderedCollection", "totalItems": 3, "first": "https://elsewhere.example/p?page=1"}"#
            return LoopbackServer.Reply(
                headers: ["Content-Type": "application/activity+json"], body: Data(collection.utf8))
        }
        let openLibrary = try Self.openLibrary(for: wyrm)
        let home = try Self.home(openLibrary: openLibrary.baseURL)
        var arguments = ["add", "wyrm", "--source", "bookwyrm", "--shelf"]
        switch kind {
        case "private": arguments.append(wyrm.shelf("private"))
        case "html": arguments.append("mouse@127.0.0.1:\(html.baseURL.port ?? 0)/read")
        case "year": arguments += [wyrm.shelf(), "--year", "2025"]
        case "no at": arguments.append("mouse/read")
        case "foreign pages": arguments.append("mouse@127.0.0.1:\(foreign.baseURL.port ?? 0)/read")
        default: arguments.append("https://bookwyrm.social/user/mouse@bookwyrm.social")
        }
        let run = try await Self.booktag(arguments, home: home)
        #expect(run.status == status, "\(kind): \(run.errors)")
        let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(lines.count == 1 && lines[0].contains(message), "\(kind): \(run.errors)")
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
    }

    @Test func theExportIsRecognisedAndItsYearIsTheFinishDays() throws {
        let file = Fixtures.packageRoot.appendingPathComponent(
            "fixtures/libraries/bookwyrm/bookwyrm-export-synthetic.csv")
        #expect(try LibraryFormat.detect(file) == .bookwyrm)
        var books: [ImportedBook] = []
        _ = try LibraryFormat.bookwyrm.read(file) { books.append($0) }
        #expect(books.count == 6)
        let read2025 = books.filter { $0.reading.wasRead(in: 2025) }.map(\.title)
        #expect(read2025 == ["Piranesi", "The Left Hand of Darkness", "Ottolenghi Simple"])
        #expect(books[0].stars == 4.5 && books[2].stars == 3.5)
        #expect(books[3].dateRead == "2025-03-10")
        #expect(books[3].shelves == ["Cooking"])
        #expect(books[4].title == "Dune, the first book" && books[4].dateRead == nil)
        #expect(books[0].isbn13 == "9781526622426" && books[0].pageCount == 272)
    }

    @Test func aYearImportedFromTheExportIsItsFinishDays() async throws {
        let file = Fixtures.packageRoot.appendingPathComponent(
            "fixtures/libraries/bookwyrm/bookwyrm-export-synthetic.csv")
        var rows: [ImportedBook] = []
        _ = try LibraryFormat.bookwyrm.read(file) { rows.append($0) }
        // Open Library knows every book of the file by its ISBN, or by title.
        let openLibrary = try FakeOpenLibrary(
            books: rows.enumerated().map { index, row in
                SyntheticExport.Book(
                    bookID: index + 1, title: row.title, author: row.author ?? "", isbn10: nil, isbn13: row.isbn13,
                    knownISBNs: row.isbn13.map { [$0] } ?? [], coverID: 5_000 + index, dateRead: nil,
                    dateAdded: "2025/01/01", myRating: 0, exclusiveShelf: "read", shelves: [])
            })
        let home = try Self.home(openLibrary: openLibrary.baseURL)
        let run = try await Self.booktag(["import", file.path, "--year", "2025", "--tag", "wyrm 2025"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let store = try BookStore.open(home: home.home)
        let tag = try #require(try store.tag(TagName("wyrm 2025")))
        #expect(tag.origin?.displayName == "BookWyrm export, read in 2025")
        let titles = try store.books(of: TagName("wyrm 2025")).map(\.book.title)
        #expect(Set(titles) == ["Piranesi", "The Left Hand of Darkness", "Ottolenghi Simple"])
    }

    @Test func referencesAreCheckedBeforeAnyRequest() throws {
        let shelf = try ShelfReference("Mouse@BookWyrm.Social", source: .bookwyrm)
        #expect(shelf.description == "Mouse@bookwyrm.social/read")
        #expect(
            BookWyrmShelfClient.url(for: shelf, page: 2)?.absoluteString
                == "https://bookwyrm.social/user/Mouse/books/read.json?page=2")
        let loopback = try ShelfReference("mouse@127.0.0.1:8080/to-read", source: .bookwyrm)
        #expect(BookWyrmShelfClient.url(for: loopback, page: 1)?.scheme == "http")
        for bad in ["mouse", "@bookwyrm.social", "mouse@", "mouse@host/a/b", "mo use@host", "mouse@host:x", "a@-h"] {
            #expect(throws: ShelfReferenceError.self, "\(bad)") { try ShelfReference(bad, source: .bookwyrm) }
        }
        #expect(RemoteAddress.address("http://192.168.1.1/cover.jpg", sourceIsLoopback: false) == nil)
        #expect(RemoteAddress.address("file:///etc/passwd", sourceIsLoopback: true) == nil)
        #expect(RemoteAddress.address("http://127.0.0.1/c.png", sourceIsLoopback: false) == nil)
        #expect(RemoteAddress.address("https://covers.example/c.png", sourceIsLoopback: false) != nil)
    }
}
