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
        var removed = 0
        // A removed cover's largest size loses its last reference with it: a second round takes it.
        while true {
            let (count, freedLargest) = try sweepOnce()
            removed += count
            if !freedLargest { return removed }
        }
    }

    /// One round of the sweep, holding the lock; also says whether it freed a largest cover.
    private func sweepOnce() throws -> (removed: Int, freedLargest: Bool) {
        let orphans = try read { db in try String.fetchAll(db, sql: Self.orphanChecksSQL) }
        for path in orphans {
            covers.remove(path)
        }
        // Holding the lock, no file can reappear and no reference can be added; a path that
        // lost its reference since the read above keeps its row for the next sweep.
        let removed = orphans.filter { access(covers.filePath(of: $0), F_OK) != 0 }
        let freedLargest = try write { db in
            // Checks of paths still referenced are settled. Asked row by row, not as a set
            // difference: after a 20,000-book import, `EXCEPT` held every path twice in SQLite's
            // memory (4.7 MB at its peak against 1.0 MB this way, `sqlite3 .stats`).
            try db.execute(sql: "DELETE FROM coverCheck WHERE \(Self.referencedSQL)")
            guard !removed.isEmpty else { return false }
            let settled = "SELECT value FROM json_each(?) WHERE value IN (\(Self.orphanChecksSQL))"
            let list = String(decoding: try JSONEncoder().encode(removed), as: UTF8.self)
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO coverCheck (path) SELECT largestPath FROM coverLargest
                    WHERE largestPath IS NOT NULL AND path IN (\(settled))
                    """, arguments: [list])
            let freed = db.changesCount > 0
            try db.execute(sql: "DELETE FROM coverFile WHERE path IN (\(settled))", arguments: [list])
            try db.execute(sql: "DELETE FROM coverCheck WHERE path IN (\(settled))", arguments: [list])
            return freed
        }
        return (orphans.count, freedLargest)
    }

    /// Whether a check's path is still a tag's or a book's cover, or the largest size of one.
    private static let referencedSQL = """
        EXISTS (SELECT 1 FROM tagBook WHERE tagBook.coverPath = coverCheck.path)
          OR EXISTS (SELECT 1 FROM book WHERE book.coverPath = coverCheck.path)
          OR EXISTS (SELECT 1 FROM coverLargest WHERE coverLargest.largestPath = coverCheck.path)
        """

    private static let orphanChecksSQL = "SELECT path FROM coverCheck WHERE NOT (\(referencedSQL))"
}
