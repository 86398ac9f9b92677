import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// A genuine Calibre library (fixtures/libraries/calibre, PROVENANCE.md: Chinese titles,
/// transliterated folder names): imported with no request at all, its `metadata.db` unchanged,
/// each stored cover the library's own `cover.jpg`, byte for byte.
@Suite(.serialized) struct CalibreTests {
    static let library = Fixtures.packageRoot.appendingPathComponent(GenuineCovers.calibreLibrary)

    @Test func theLibraryIsReadAsCalibreWroteIt() throws {
        #expect(try LibraryFormat.detect(Self.library) == .calibre)
        #expect(try LibraryFormat.detect(Self.library.appendingPathComponent("metadata.db")) == .calibre)
        var books: [ImportedBook] = []
        let summary = try CalibreReader.read(Self.library) { books.append($0) }
        #expect(summary.rows == 5 && books.count == 5)
        #expect(books.map(\.title) == ["Quick Start Guide", "斐多篇", "会饮篇", "柏拉图全集 5 增订版", "毛最后的革命"])
        #expect(books.allSatisfy { $0.identity?.source == .calibre && $0.shelves == ["finleyge-mycalibredatebase"] })
        #expect(books[1].identity == .calibre("44d7dfad-ff44-43fa-910c-82d00ad59b02"))
        #expect(
            books.allSatisfy { book in book.coverFile.map { FileManager.default.fileExists(atPath: $0.path) } == true })
        #expect(books[0].yearPublished == nil, "0101-01-01 is Calibre's unknown date")
        #expect(books[1].yearPublished == 2009)
    }

    @Test func importingMakesNoRequestAndChangesNothingOfTheLibrary() async throws {
        let database = Self.library.appendingPathComponent("metadata.db")
        let before = try Data(contentsOf: database)
        let openLibrary = try FakeOpenLibrary(books: [])
        let home = try TemporaryHome()
        try ImportEndToEndTests.configure(home, openLibrary: openLibrary.baseURL)
        let run = try await ImportEndToEndTests.booktag(["import", Self.library.path, "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        #expect(openLibrary.server.requests.isEmpty, "a Calibre library needs no network")
        #expect(try Data(contentsOf: database) == before, "metadata.db byte for byte as it was")
        #expect(
            !FileManager.default.fileExists(atPath: database.path + "-wal")
                && !FileManager.default.fileExists(atPath: database.path + "-journal"))

        let store = try BookStore.open(home: home.home)
        let name = try TagName("finleyge-mycalibredatebase")
        let tag = try #require(try store.tag(name))
        #expect(
            tag.source == .calibre && tag.origin?.displayName == "Calibre library, shelf finleyge-mycalibredatebase")
        let stored = try store.books(of: name)
        #expect(stored.count == 5)
        var library: [ImportedBook] = []
        _ = try CalibreReader.read(Self.library) { library.append($0) }
        let coversOnDisk = try Set(library.compactMap(\.coverFile).map { try Data(contentsOf: $0) })
        let coversStored = try Set(stored.map { try Data(contentsOf: store.coverURL($0.book.coverPath)) })
        #expect(coversStored == coversOnDisk, "each stored cover is the library's cover.jpg, byte for byte")
        let reroll = try await ImportEndToEndTests.booktag(["reroll", name.display], home: home)
        #expect(reroll.status == 64 && reroll.errors.contains("Calibre library"), "\(reroll.errors)")
    }

    @Test func aFolderWithoutMetadataIsOneClearError() async throws {
        let home = try TemporaryHome()
        let empty = home.folder.appendingPathComponent("not-a-library", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for format in [["--format", "calibre"], []] {
            let run = try await ImportEndToEndTests.booktag(["import", empty.path] + format, home: home)
            #expect(run.status == 66, "\(run.errors)")
            #expect(
                run.errors == "error: cannot read \(empty.path): it is no Calibre library: it has no metadata.db\n",
                "\(format)")
        }
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
    }

    /// A copy of the genuine library to spoil.
    static func copy(into home: TemporaryHome) throws -> URL {
        let copy = home.folder.appendingPathComponent("Calibre Library", isDirectory: true)
        try FileManager.default.copyItem(at: Self.library, to: copy)
        return copy
    }

    /// A `cover.jpg` that is not an image: that book gets a drawn cover and is counted, the others
    /// keep their own.
    @Test func aCoverThatIsNotAnImageIsDrawnForItsBookOnly() async throws {
        let home = try TemporaryHome()
        let library = try Self.copy(into: home)
        var books: [ImportedBook] = []
        _ = try CalibreReader.read(library) { books.append($0) }
        try Data("<html>not a cover</html>".utf8).write(to: try #require(books[2].coverFile))
        let run = try await ImportEndToEndTests.booktag(["import", library.path, "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let tag = try #require((report["tags"] as? [[String: Any]])?.first)
        #expect(tag["books"] as? Int == 5 && tag["withoutCover"] as? Int == 1, "\(tag)")
        let stored = try BookStore.open(home: home.home).books(of: TagName("Calibre Library"))
        #expect(stored.count == 5 && stored.filter(\.coverDrawn).map(\.book.title) == [books[2].title])
        #expect(stored.first(where: \.coverDrawn)?.book.bookID == books[2].identity, "Calibre's own id")
    }

    /// A database whose values are not of the types Calibre writes (a name stored as bytes, a
    /// comment as a number, a tag without a name) is read as text and numbers all the same: the
    /// fuzzer found that GRDB stopped the process on the first such value.
    @Test func valuesOfOtherTypesAreReadNotFatal() throws {
        let home = try TemporaryHome()
        let library = try Self.copy(into: home)
        var before: [ImportedBook] = []
        _ = try CalibreReader.read(library) { before.append($0) }
        let queue = try DatabaseQueue(path: library.appendingPathComponent("metadata.db").path)
        try queue.write { db in
            try db.execute(sql: "UPDATE authors SET name = CAST(name AS BLOB)")
            try db.execute(sql: "UPDATE comments SET text = 42")
            try db.execute(sql: "UPDATE tags SET name = NULL")
        }
        try queue.close()
        var after: [ImportedBook] = []
        _ = try CalibreReader.read(library) { after.append($0) }
        #expect(after.map(\.title) == before.map(\.title))
        #expect(after.map(\.author) == before.map(\.author))
        #expect(after.allSatisfy { $0.descriptionHTML == nil || $0.descriptionHTML == "42" })
        #expect(after.allSatisfy { $0.shelves == ["Calibre Library"] })
    }

    /// A `metadata.db` that is not a database is one error, and nothing is stored.
    @Test func aCorruptDatabaseIsOneError() async throws {
        let home = try TemporaryHome()
        let library = try Self.copy(into: home)
        let database = library.appendingPathComponent("metadata.db")
        var bytes = try Data(contentsOf: database)
        bytes.replaceSubrange(0..<4096, with: Data(repeating: 0x5A, count: 4096))
        try bytes.write(to: database)
        let run = try await ImportEndToEndTests.booktag(["import", library.path], home: home)
        #expect(
            run.status != 0 && run.errors.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 1,
            "\(run.errors)")
        #expect(run.errors.contains("metadata.db"), "\(run.errors)")
        #expect(try BookStore.open(home: home.home).tags().isEmpty && home.coverFilesOnDisk().isEmpty)
    }

    /// Calibre holding the library open in the middle of a write (an exclusive lock): booktag
    /// still reads it, without waiting and without touching the lock.
    @Test func aLibraryLockedByCalibreIsStillRead() async throws {
        let home = try TemporaryHome()
        let library = try Self.copy(into: home)
        // Another process, as Calibre is: it takes the exclusive lock, says so, and holds it
        // until its standard input closes.
        let calibre = Process()
        calibre.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        calibre.arguments = [
            "-c",
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            sys.stdin.read()
            db.execute("ROLLBACK")
            """, library.appendingPathComponent("metadata.db").path,
        ]
        let said = Pipe()
        let hold = Pipe()
        calibre.standardOutput = said
        calibre.standardInput = hold
        try calibre.run()
        #expect(String(decoding: said.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("locked"))
        let run = try await ImportEndToEndTests.booktag(["import", library.path], home: home)
        try hold.fileHandleForWriting.close()
        calibre.waitUntilExit()
        #expect(run.status == 0, "\(run.errors)")
        #expect(try BookStore.open(home: home.home).books(of: TagName("Calibre Library")).count == 5)
    }
}
