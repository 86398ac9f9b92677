import BookTag
import Foundation
import GRDB

@testable import BookTag

/// A fresh booktag home in a temporary folder, deleted when the value goes away.
final class TemporaryHome: Sendable {
    let folder: URL
    let home: BookTagHome

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        home = BookTagHome(folder: folder)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every cover file on disk, relative to the data folder.
    func coverFilesOnDisk() -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(at: home.coversFolder, includingPropertiesForKeys: nil)
        else { return [] }
        var result = Set<String>()
        for case let url as URL in enumerator where !url.hasDirectoryPath && !url.path.contains("/.incoming/") {
            result.insert(String(url.path.dropFirst(home.dataFolder.path.count + 1)))
        }
        return result
    }

    /// The database file's bytes once the write-ahead log is folded into it, so that two states
    /// can be compared byte for byte whatever was left in the log.
    func checkpointedDatabase() throws -> Data {
        let queue = try DatabaseQueue(path: home.databaseFile.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        return try Data(contentsOf: home.databaseFile)
    }

    /// Contents of every cover file, for byte-for-byte comparisons.
    func coverFileContents() throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in coverFilesOnDisk() {
            result[path] = try Data(contentsOf: home.dataFolder.appendingPathComponent(path))
        }
        return result
    }
}

extension BookStore {
    /// Every cover path any row references.
    func referencedCoverPaths() throws -> Set<String> {
        try Set(
            read { db in
                try String.fetchAll(
                    db,
                    sql: "SELECT coverPath FROM tagBook UNION SELECT coverPath FROM book WHERE coverPath IS NOT NULL")
            })
    }

    func count(_ table: String) throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }
}
