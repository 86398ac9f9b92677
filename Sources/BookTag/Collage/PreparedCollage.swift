import Foundation

/// A collage rendered into a hidden file beside its destination, waiting for the set it shows
/// to be committed: `commit()` renames it into place, `discard()` deletes it. So a failed
/// `reroll` leaves the old collage exactly as it was, and a new one never shows a set the
/// store does not hold.
///
/// The collages folder's lock is held from preparation to commit or discard, so concurrent
/// commands cannot interleave their renames; whatever hidden file a killed process left behind
/// is deleted by the next one to take the lock.
final class PreparedCollage: @unchecked Sendable {
    let destination: URL
    /// What `commit()` returns.
    var result: CollageResult?
    /// Runs once the collage is in place (the store records its style).
    var afterCommit: (() throws -> Void)?
    /// Draws the collage again once the set is stored and the lock released: the tag's numbers
    /// (`--stats`) can only be counted from the stored set.
    var redraw: (() throws -> CollageResult)?
    private let temporary: URL
    private var lock: FileLock?

    convenience init(data: Data, destination: URL, lock: FileLock) throws {
        try self.init(bytes: .data(data), destination: destination, lock: lock)
    }

    /// `bytes` streamed into an unnamed file are given the hidden name here, under the lock:
    /// until then no process taking the lock could mistake them for a killed one's leftovers.
    init(bytes: CollageBytes, destination: URL, lock: FileLock) throws {
        self.destination = destination
        self.lock = lock
        temporary = destination.deletingLastPathComponent().appendingPathComponent(".tmp-\(UUID().uuidString)")
        do {
            try bytes.writeNew(to: temporary)
        } catch {
            lock.unlock()
            throw error
        }
    }

    /// Moves the collage into place.
    @discardableResult
    func commit() throws -> CollageResult {
        try place()
        if let redraw { return try redraw() }
        return result ?? CollageResult(file: destination, style: CollageOptions().style, missingGlyphs: nil)
    }

    private func place() throws {
        defer { release() }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw AtomicFile.posixError(code, "rename", destination)
        }
        AtomicFile.syncFolder(destination.deletingLastPathComponent())
        try afterCommit?()
    }

    /// Deletes the prepared file, leaving whatever collage was there.
    func discard() {
        unlink(temporary.path)
        release()
    }

    private func release() {
        lock?.unlock()
        lock = nil
    }

    deinit {
        if lock != nil { discard() }
    }

    /// Takes the collages folder's lock and deletes hidden files left by killed processes.
    static func lockFolder(_ folder: URL) throws -> FileLock {
        let lock = try FileLock(path: folder.appendingPathComponent(".lock").path, mode: .exclusive)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for name in names where name.hasPrefix(".tmp-") {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
        return lock
    }
}
