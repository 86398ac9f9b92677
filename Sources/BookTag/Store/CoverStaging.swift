import Foundation
import GRDB

/// Cover files written ahead of the sets that will use them, for sets too large to hold every
/// cover's bytes at once (an export's shelves). While it is open it holds the covers lock
/// shared, so the sweep leaves the staged files alone; `finish()` lets go and sweeps.
final class CoverStaging: @unchecked Sendable {
    private let store: BookStore
    private var lock: FileLock?

    init(store: BookStore) throws {
        self.store = store
        lock = try FileLock(path: store.home.coversLockFile.path, mode: .shared)
    }

    deinit { lock?.unlock() }

    /// Writes covers (checked to be images) and records them in the intent log, so that any not
    /// used by the time of the next sweep are removed. Returns each one's file, in order.
    func stage(_ covers: [(data: Data, title: String)]) throws -> [CoverFile] {
        guard !covers.isEmpty else { return [] }
        // Hashing is most of staging's work (a 2,000-book Calibre library: 275 MB): every core
        // takes a share of the batch.
        let described = Locked([Result<CoverFile, StoreError>?](repeating: nil, count: covers.count))
        DispatchQueue.concurrentPerform(iterations: covers.count) { index in
            let result = Result { () throws(StoreError) in
                try CoverFileStore.describe(covers[index].data, title: covers[index].title)
            }
            described.withLock { $0[index] = result }
        }
        let files = try described.withLock { $0 }.map { try $0!.get() }
        try store.write { db in try BookStore.recordChecks(files.map(\.path), in: db) }
        try store.writeCoverFiles(zip(files, covers).map { ($0, $1.data) })
        return files
    }

    /// The covers the store already holds for books of `source` (from a tag's set or the
    /// book's details), by the source's id, in one query however many ids.
    func storedCovers(of ids: some Sequence<String>, source: SourceKind) throws -> [String: CoverFile] {
        let list = String(decoding: try JSONEncoder().encode(Array(ids)), as: UTF8.self)
        return try store.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT ids.value AS bookSourceID, coverFile.* FROM json_each(?) AS ids
                    JOIN coverFile ON coverFile.path = COALESCE(
                        (SELECT coverPath FROM book WHERE source = ? AND sourceID = ids.value),
                        (SELECT coverPath FROM tagBook WHERE source = ? AND sourceID = ids.value LIMIT 1))
                    WHERE coverFile.drawn = 0
                    """, arguments: [list, source.rawValue, source.rawValue])
            var covers: [String: CoverFile] = [:]
            for row in rows { covers[row["bookSourceID"]] = try CoverFile(row: row) }
            return covers
        }
    }

    /// Makes `count` books (each with a staged or stored cover, made by `book` from its position
    /// as it is written) the set of `name`, creating the tag from `origin` when it does not
    /// exist: one transaction, as `replaceBooks`.
    @discardableResult
    func commit(
        _ name: TagName, count: Int, book: (Int) throws -> (work: SearchWork, file: CoverFile), origin: TagOrigin,
        creating: Bool,
        search: SearchPosition, yearContext: YearContext? = nil
    ) throws -> Tag {
        try store.commitSet(
            name, count: count,
            book: { position in
                let made = try book(position)
                return StagedBook(work: made.work, file: made.file)
            }, search: search,
            change: creating
                ? .create(source: origin.libraryFormat?.booksSource ?? .goodreads, origin: origin)
                : .replace(origin: origin),
            yearContext: .some(yearContext))
    }

    /// Lets the sweep run again and removes staged files no set took.
    func finish() {
        lock?.unlock()
        lock = nil
        _ = try? store.sweepCovers()
    }
}

extension BookStore {
    /// Starts writing covers ahead of the sets that will use them (see `CoverStaging`).
    func beginStaging() throws -> CoverStaging {
        try CoverStaging(store: self)
    }
}
