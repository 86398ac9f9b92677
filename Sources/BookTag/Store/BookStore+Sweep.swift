import Foundation
import GRDB

/// The sweep: cover files nothing references any more, deleted once no other process is
/// writing covers.
extension BookStore {
    /// Settles the paths in the intent log: deletes cover files nothing references, and their
    /// rows. Runs only when no other process is writing covers (else the next writer will);
    /// returns how many files it removed.
    @discardableResult
    public func sweepCovers() throws -> Int {
        guard let lock = try FileLock.attempt(path: home.coversLockFile.path, mode: .exclusive) else { return 0 }
        defer { lock.unlock() }
        covers.clearIncoming()
        let orphans = try read { db in try String.fetchAll(db, sql: Self.orphanChecksSQL) }
        for path in orphans {
            covers.remove(path)
        }
        // Holding the lock, no file can reappear and no reference can be added; a path that
        // lost its reference since the read above keeps its row for the next sweep.
        let removed = orphans.filter { access(covers.filePath(of: $0), F_OK) != 0 }
        try write { db in
            try db.execute(sql: "DELETE FROM coverCheck WHERE path IN (SELECT path FROM coverCheck EXCEPT \(Self.orphanChecksSQL))")
            guard !removed.isEmpty else { return }
            let settled = "SELECT value FROM json_each(?) WHERE value IN (\(Self.orphanChecksSQL))"
            let list = String(decoding: try JSONEncoder().encode(removed), as: UTF8.self)
            try db.execute(sql: "DELETE FROM coverFile WHERE path IN (\(settled))", arguments: [list])
            try db.execute(sql: "DELETE FROM coverCheck WHERE path IN (\(settled))", arguments: [list])
        }
        return orphans.count
    }

    private static let orphanChecksSQL = """
        SELECT path FROM coverCheck
        WHERE NOT EXISTS (SELECT 1 FROM tagBook WHERE tagBook.coverPath = coverCheck.path)
          AND NOT EXISTS (SELECT 1 FROM book WHERE book.coverPath = coverCheck.path)
        """
}
