import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// A command may open the store before it knows it will read it (`booktag list` opens it while
/// its arguments are parsed): that open creates, migrates and changes nothing, and gives way to
/// `open` whenever the store is not simply there and up to date.
struct OpenIfCurrentTests {
    static let search = SearchPosition(totalResults: 12, pageSize: 20, startPage: 1)

    /// Every file of the home, with its bytes, but for the log's index (`-shm`), shared memory
    /// into which every reader writes the mark of where it reads.
    static func contents(of home: BookTagHome) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        let folder = home.dataFolder
        for case let name as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                !name.hasSuffix("-shm")
            {
                contents[name] = try Data(contentsOf: url)
            }
        }
        return contents
    }

    @Test func aCurrentStoreOpensAndReads() throws {
        let temporary = try TemporaryHome()
        do {
            let store = try BookStore.open(home: temporary.home)
            try store.createTag(
                TagName("Fantasy"), source: .goodreads, books: SyntheticBooks.set(1), search: Self.search)
        }
        let before = try Self.contents(of: temporary.home)
        let store = try #require(try BookStore.openIfCurrent(home: temporary.home))
        #expect(try store.tags().map(\.name) == ["Fantasy"])
        #expect(try Self.contents(of: temporary.home) == before)
    }

    @Test func noStoreIsNotCreated() throws {
        let temporary = try TemporaryHome()
        #expect(try BookStore.openIfCurrent(home: temporary.home) == nil)
        #expect(!FileManager.default.fileExists(atPath: temporary.home.databaseFile.path))
        #expect(try Self.contents(of: temporary.home).isEmpty)
    }

    /// A home of the first schema, with its log files present as a later booktag leaves them, is
    /// left for `open` to migrate: not a byte of it changes.
    @Test func anOlderStoreIsNotMigrated() throws {
        let temporary = try MigrationTests.v1Home()
        for suffix in ["-wal", "-shm"] {
            FileManager.default.createFile(atPath: temporary.home.databaseFile.path + suffix, contents: nil)
        }
        FileManager.default.createFile(
            atPath: temporary.home.dataFolder.appendingPathComponent(".migrate.lock").path, contents: nil)
        let before = try Self.contents(of: temporary.home)
        #expect(try BookStore.openIfCurrent(home: temporary.home) == nil)
        #expect(try Self.contents(of: temporary.home) == before)
        #expect(try BookStore.open(home: temporary.home).tags().map(\.name) == ["fantasy", "tiny"])
    }

    /// While another process holds the migration lock, the early open steps aside rather than wait.
    @Test func aStoreBeingMigratedIsLeftToOpen() throws {
        let temporary = try TemporaryHome()
        _ = try BookStore.open(home: temporary.home)
        let lock = try FileLock(
            path: temporary.home.dataFolder.appendingPathComponent(".migrate.lock").path, mode: .exclusive)
        #expect(try BookStore.openIfCurrent(home: temporary.home) == nil)
        lock.unlock()
        #expect(try BookStore.openIfCurrent(home: temporary.home) != nil)
    }
}
