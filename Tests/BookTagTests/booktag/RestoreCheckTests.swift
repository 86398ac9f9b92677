import BookTagTestSupport
import Foundation
import GRDB
import Testing

@testable import BookTag

/// `booktag restore` checks the store it unpacks before it takes the home's place (`StoreCheck`).
@Suite struct RestoreCheckTests {
    /// A backup whose manifest is right but whose store breaks what booktag's schema promises
    /// (made by hand, or damaged before it was backed up) is refused whole, naming what is wrong:
    /// before, a NULL name was restored and every later command, `restore`'s own summary first,
    /// stopped on it. Each store is the v1 fixture's (checked at its own schema) or a current one.
    @Test func aStoreThatBreaksTheSchemaIsRefusedAndChangesNothing() async throws {
        let current = try TemporaryHome()
        _ = try BookStore.open(home: current.home)
        // v1's tag table made again with one promise less: `name` may be NULL, or `key` is not unique.
        func tagTable(_ key: String, _ name: String) -> [String] {
            [
                """
                CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, key \(key), name \(name), \
                createdAt INTEGER NOT NULL, lastFetchedAt INTEGER, totalResults INTEGER NOT NULL DEFAULT 0, \
                pageSize INTEGER, startPage INTEGER NOT NULL DEFAULT 1, bookCount INTEGER NOT NULL DEFAULT 0)
                """,
                "INSERT INTO t SELECT * FROM tag", "DROP TABLE tag", "ALTER TABLE t RENAME TO tag",
            ]
        }
        let cases: [(name: String, home: URL, sql: [String], error: String)] = [
            (
                "a name without NOT NULL, and NULL in it", Fixtures.v1Home,
                tagTable("TEXT NOT NULL UNIQUE", "TEXT") + ["UPDATE tag SET name = NULL WHERE key = 'tiny'"],
                "its tag.name holds null where booktag writes text"
            ),
            (
                "text in an integer column", Fixtures.v1Home, ["UPDATE tag SET createdAt = 'yesterday'"],
                "its tag.createdAt holds text where booktag writes an integer"
            ),
            (
                "a book of a tag whose cover is not there", Fixtures.v1Home,
                ["DELETE FROM coverFile WHERE path = (SELECT coverPath FROM tagBook LIMIT 1)"],
                "a row of tagBook refers to a row of coverFile that is not there"
            ),
            (
                "a unique key dropped", Fixtures.v1Home,
                tagTable("TEXT NOT NULL", "TEXT NOT NULL"),
                "its table tag lacks booktag's unique key on key"
            ),
            (
                "a fraction in a current store's count", current.folder,
                [
                    "INSERT INTO tag (key, name, createdAt, bookCount, source) VALUES ('x', 'x', 0, 1.5, 'openlibrary')"
                ],
                "its tag.bookCount holds a number where booktag writes an integer"
            ),
            ("a table gone", current.folder, ["DROP TABLE coverCheck"], "it has no table coverCheck"),
            (
                "a trigger", current.folder,
                ["CREATE TRIGGER renamed AFTER INSERT ON tag BEGIN UPDATE tag SET name = 42; END"],
                "it has a trigger renamed booktag did not make"
            ),
            (
                "not booktag's", current.folder, ["DELETE FROM grdb_migrations"],
                "it is not a booktag store (its migrations are not booktag's)"
            ),
        ]
        let folder = try TemporaryHome()
        for (index, test) in cases.enumerated() {
            let made = folder.folder.appendingPathComponent("home-\(index)")
            try FileManager.default.copyItem(at: test.home, to: made)
            try Self.change(made.appendingPathComponent("booktag.sqlite"), by: test.sql)
            let file = folder.folder.appendingPathComponent("\(index).zip")
            try BackupTests.writeBackup(of: made, to: file)
            let into = try TemporaryHome()
            let before = BackupTests.listing(into.folder)
            let run = try await BackupTests.booktag(["restore", file.path], home: into)
            #expect(run.status == 65 && BackupTests.isOneErrorLine(run.errors), "\(test.name): \(run.errors)")
            #expect(
                run.errors.contains("holds a store booktag cannot use: \(test.error);"), "\(test.name): \(run.errors)")
            #expect(BackupTests.listing(into.folder) == before, "\(test.name)")
            #expect(try BackupTests.stagingFolders(beside: into).isEmpty, "\(test.name)")
        }
    }

    /// The check refuses nothing booktag writes itself: a home filled by importing a Goodreads export
    /// (stars, dates read, shelves, a year, drawn covers) and the genuine KOReader statistics
    /// (reading time by day, hour and session) backs up and restores, with the same books and
    /// the same stats after.
    @Test func aHomeFullOfWhatBooktagWritesRestores() async throws {
        let (books, openLibrary, home, export) = try ImportEndToEndTests.setUp(count: 60)
        _ = openLibrary
        let imports = [
            ["import", export.path, "--year", "2025", "--tag", "my 2025"],
            ["import", KOReaderReaderTests.genuine.path, "--tag", "koreader"],
        ]
        for arguments in imports {
            let run = try await BackupTests.booktag(arguments, home: home)
            #expect(run.status == 0, "\(arguments[1]): \(run.errors)")
        }
        #expect(books.contains { $0.myRating > 0 && $0.dateRead != nil })
        let file = home.folder.appendingPathComponent("full.zip")
        #expect(try await BackupTests.booktag(["backup", file.path], home: home).status == 0)
        let restored = try TemporaryHome()
        let run = try await BackupTests.booktag(["restore", file.path], home: restored)
        #expect(run.status == 0, "\(run.errors)")
        for tag in ["my 2025", "koreader"] {
            for command in [["books", tag, "--json"], ["stats", tag, "--json"]] {
                let before = try await BackupTests.booktag(command, home: home)
                let after = try await BackupTests.booktag(command, home: restored)
                #expect(before.status == 0 && !before.output.isEmpty, "\(command): \(before.errors)")
                if command[0] == "stats" && tag == "koreader" {
                    #expect(before.output.contains("\"longestSession\""), "reading time kept: \(before.output)")
                }
                #expect(
                    after.output.replacingOccurrences(of: restored.folder.path, with: "HOME")
                        == before.output.replacingOccurrences(of: home.folder.path, with: "HOME"), "\(command)")
            }
        }
    }

    /// Runs `sql` on the store at `file` as a hand or a fault would: foreign keys unchecked; then
    /// leaves it a single file, as a backup holds it.
    static func change(_ file: URL, by sql: [String]) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        try DatabaseQueue(path: file.path, configuration: configuration).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            for statement in sql { try db.execute(sql: statement) }
        }
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + suffix))
        }
    }
}
