import Foundation
import GRDB

/// Cover files written ahead of the sets that will use them, for sets too large to hold every
/// cover's bytes at once (an export's shelves). While it is open it holds the covers lock
/// shared, so the sweep leaves the staged files alone; `finish()` lets go and sweeps.
public final class CoverStaging: @unchecked Sendable {
    private let store: BookStore
    private var lock: FileLock?

    init(store: BookStore) throws {
        self.store = store
        lock = try FileLock(path: store.home.coversLockFile.path, mode: .shared)
    }

    deinit { lock?.unlock() }

    /// Writes covers (checked to be images) and records them in the intent log, so that any not
    /// used by the time of the next sweep are removed. Returns each one's file, in order.
    public func stage(_ covers: [(data: Data, title: String)]) throws -> [CoverFile] {
        let files = try covers.map { try CoverFileStore.describe($0.data, title: $0.title) }
        guard !files.isEmpty else { return [] }
        try store.write { db in try BookStore.recordChecks(files.map(\.path), in: db) }
        try store.writeCoverFiles(zip(files, covers).map { ($0, $1.data) })
        return files
    }

    /// The cover the store already holds for a book (from a tag's set or its details), if any.
    public func storedCover(of id: BookID) throws -> CoverFile? {
        try store.read { db in
            try CoverFile.fetchOne(db, sql: """
                SELECT coverFile.* FROM coverFile WHERE path = COALESCE(
                    (SELECT coverPath FROM book WHERE source = ? AND sourceID = ?),
                    (SELECT coverPath FROM tagBook WHERE source = ? AND sourceID = ? LIMIT 1))
                """, arguments: [id.source.rawValue, id.value, id.source.rawValue, id.value])
        }
    }

    /// Makes `books` (each with a staged or stored cover) the set of `name`, creating the tag
    /// from `origin` when it does not exist: one transaction, as `replaceBooks`.
    @discardableResult
    public func commit(_ name: TagName, books: [(work: SearchWork, file: CoverFile)], origin: TagOrigin, creating: Bool, search: SearchPosition) throws -> Tag {
        try store.commitSet(
            name, books: books.map { StagedBook(work: $0.work, file: $0.file) }, search: search,
            creating: creating ? BookStore.TagCreation(source: .goodreads, origin: origin) : nil, origin: origin)
    }

    /// Lets the sweep run again and removes staged files no set took.
    public func finish() {
        lock?.unlock()
        lock = nil
        _ = try? store.sweepCovers()
    }
}

extension BookStore {
    /// Starts writing covers ahead of the sets that will use them (see `CoverStaging`).
    public func beginStaging() throws -> CoverStaging {
        try CoverStaging(store: self)
    }
}
