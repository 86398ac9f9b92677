import Crypto
import Foundation
import GRDB
import ZIPFoundation

/// `booktag backup`: the whole home in one ZIP file while commands and `serve` go on using it.
///
/// The store is copied through SQLite's online backup (a consistent snapshot, however many
/// writers), then every cover file that snapshot names, the collages, `config.json` and
/// `preferences.json` — never the serve token — with a manifest of their SHA-256 sums. The
/// covers lock is held shared throughout, so no sweep deletes a cover the snapshot names. The
/// file is written beside its destination under a temporary name and renamed into place whole.
public struct HomeBackup: Sendable {
    /// What was written.
    public struct Summary: Equatable, Sendable {
        /// Entries besides the manifest.
        public var files = 0
        /// Their bytes before compression.
        public var bytes: Int64 = 0
        /// Cover files the store names that were not on disk (a home someone pruned by hand).
        public var missingCovers = 0
    }

    let store: BookStore

    /// A backup of `store`'s home.
    public init(store: BookStore) {
        self.store = store
    }

    /// Writes the backup to `destination`, replacing an earlier booktag backup there but nothing else.
    @discardableResult
    public func write(to destination: URL) throws -> Summary {
        let destination = destination.standardizedFileURL
        try Self.checkDestination(destination)
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).partial-\(UUID().uuidString)")
        let home = store.home
        let snapshotFolder = home.dataFolder.appendingPathComponent(".backup-\(UUID().uuidString)", isDirectory: true)
        defer {
            try? FileManager.default.removeItem(at: snapshotFolder)
            unlink(temporary.path)
        }
        let summary: Summary
        do {
            try BookTagHome.createFolder(snapshotFolder)
            let coversLock = try FileLock(path: home.coversLockFile.path, mode: .shared)
            defer { coversLock.unlock() }
            let snapshot = snapshotFolder.appendingPathComponent("booktag.sqlite")
            let covers = try snapshotStore(to: snapshot)
            summary = try writeArchive(at: temporary, snapshot: snapshot, covers: covers)
            try Self.sync(temporary)
        } catch let error as BackupError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw BackupError.cannotWrite(path: destination.path, reason: Self.reason(error, writingIn: folder))
        }
        guard rename(temporary.path, destination.path) == 0 else {
            throw BackupError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
        }
        AtomicFile.syncFolder(folder)
        return summary
    }

    /// A folder, a link, or a file that is not a booktag backup is never written over.
    private static func checkDestination(_ destination: URL) throws {
        var status = stat()
        guard lstat(destination.path, &status) == 0 else {
            var folder = stat()
            let parent = destination.deletingLastPathComponent().path
            guard stat(parent, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
                throw BackupError.unsuitableDestination(path: destination.path, reason: "\(parent) is not a folder")
            }
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw BackupError.unsuitableDestination(path: destination.path, reason: "it is a folder")
        case S_IFLNK:
            throw BackupError.unsuitableDestination(
                path: destination.path, reason: "it is a link; name the file itself")
        case S_IFREG:
            guard (try? BackupReader(file: destination).manifest) != nil else {
                throw BackupError.unsuitableDestination(
                    path: destination.path, reason: "a file that is not a booktag backup is there; choose another name")
            }
        default: throw BackupError.unsuitableDestination(path: destination.path, reason: "it is not a regular file")
        }
    }

    /// The store copied to `snapshot` as one file (no log beside it), and the covers it names.
    private func snapshotStore(to snapshot: URL) throws -> [String] {
        let copy = try DatabaseQueue(path: snapshot.path)
        try store.writer.backup(to: copy)
        return try copy.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            return try String.fetchAll(
                db,
                sql: """
                    SELECT coverPath FROM tagBook WHERE coverPath IS NOT NULL
                    UNION SELECT coverPath FROM book WHERE coverPath IS NOT NULL
                    UNION SELECT largestPath FROM coverLargest WHERE largestPath IS NOT NULL
                    """)
        }
    }

    private func writeArchive(at file: URL, snapshot: URL, covers: [String]) throws -> Summary {
        let home = store.home
        var summary = Summary()
        var files: [BackupManifest.File] = []
        // Created user-only before ZIPFoundation opens it: it holds the configuration's keys.
        try AtomicFile.writeNew(Self.emptyArchive, to: file)
        let archive = try Archive(url: file, accessMode: .update)
        func add(_ source: URL, as path: String, compress: Bool) throws {
            files.append(try Self.add(source, as: path, to: archive, compress: compress))
            summary.files += 1
            summary.bytes += files[files.count - 1].size
        }
        try add(snapshot, as: "data/booktag.sqlite", compress: true)
        for cover in covers where BackupManifest.isAllowed("data/" + cover) {
            let source = home.dataFolder.appendingPathComponent(cover)
            guard access(source.path, R_OK) == 0 else {
                summary.missingCovers += 1
                continue
            }
            try add(source, as: "data/" + cover, compress: false)
        }
        for name in Self.regularFiles(in: home.collagesFolder) {
            try add(home.collagesFolder.appendingPathComponent(name), as: "data/collages/" + name, compress: true)
        }
        for source in [home.configFile, home.preferencesFile] where access(source.path, F_OK) == 0 {
            try add(source, as: "config/" + source.lastPathComponent, compress: true)
        }
        let manifest = BackupManifest(
            booktag: BookTagVersion.current, created: ISO8601DateFormatter().string(from: Date()), files: files)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(manifest)
        try archive.addEntry(
            with: BackupManifest.entryName, type: .file, uncompressedSize: Int64(data.count),
            compressionMethod: .deflate
        ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        return summary
    }

    /// ZIP's end record alone: an archive with no entries, which ZIPFoundation opens to add to.
    private static let emptyArchive = Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))

    /// Adds `source` as `path`, read once: its SHA-256 is taken from the bytes that go in.
    private static func add(_ source: URL, as path: String, to archive: Archive, compress: Bool) throws
        -> BackupManifest.File
    {
        let handle = try FileHandle(forReadingFrom: source)
        defer { try? handle.close() }
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else {
            throw AtomicFile.posixError(errno, "read", source)
        }
        let size = Int64(status.st_size)
        var hasher = SHA256()
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: size, modificationDate: Date(),
            permissions: 0o600, compressionMethod: compress ? .deflate : .none
        ) { _, count in
            if Task.isCancelled { throw CancellationError() }
            let chunk = try handle.read(upToCount: count) ?? Data()
            guard chunk.count == count else {
                throw BackupError.cannotWrite(path: source.path, reason: "it changed while it was read")
            }
            hasher.update(data: chunk)
            return chunk
        }
        return BackupManifest.File(path: path, size: size, sha256: SHA256Digest.hex(hasher.finalize()))
    }

    /// The regular files under `folder`, as paths relative to it (links and hidden files left out).
    static func regularFiles(in folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var names: [String] = []
        while let name = walker.nextObject() as? String {
            guard !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var status = stat()
            if lstat(folder.appendingPathComponent(name).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                names.append(name)
            }
        }
        return names.sorted()
    }

    private static func sync(_ file: URL) throws {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.posixError(errno, "open", file) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw AtomicFile.posixError(errno, "flush", file) }
    }

    /// An error's words without Foundation's wrapping.
    static func reason(_ error: any Error, writingIn folder: URL? = nil) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let data = error as? Data.DataError, data == .unwritableFile {
            // ZIPFoundation says only that a write fell short; the partial file is still there,
            // so a full disk shows as one with (next to) nothing free.
            var disk = statvfs()
            if let folder, statvfs(folder.path, &disk) == 0, UInt64(disk.f_bavail) * UInt64(disk.f_frsize) < 1 << 20 {
                return String(cString: strerror(ENOSPC))
            }
            return "a write fell short"
        }
        return (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
