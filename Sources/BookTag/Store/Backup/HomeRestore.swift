import CBookTagSystem
import Foundation
import GRDB

/// `booktag restore`: a backup put in place of a home, whole or not at all.
///
/// Every entry is checked against the manifest (size, CRC, SHA-256) as it is unpacked into a
/// new home beside the old one; only when all of it is there and flushed does one atomic
/// exchange of the two folders put it in place. The old home's serve token, and any file
/// booktag did not make, move over to the new one; the rest of the old home is then removed.
/// Before that exchange the unpacked store is checked against booktag's schema and brought to
/// the current one (`StoreCheck`): a store the next command could not read is refused, not put
/// in place. Run in a task, a restore cancelled before the exchange throws `CancellationError`
/// and leaves nothing behind; once the exchange has begun it finishes. A staging folder a killed
/// restore left is removed by the next one.
public struct HomeRestore: Sendable {
    /// What was restored.
    public struct Summary: Equatable, Sendable {
        /// Files written.
        public var files = 0
        /// Their bytes.
        public var bytes: Int64 = 0
        /// The booktag that made the backup.
        public var madeBy = ""
    }

    let home: BookTagHome

    /// A restore into `home`.
    public init(home: BookTagHome) {
        self.home = home
    }

    /// Restores `file` into the home: an empty one, or with `replace` one that holds a store.
    @discardableResult
    public func restore(from file: URL, replace: Bool) throws -> Summary {
        let reader = try BackupReader(file: file)
        let restoresConfig = Set(reader.manifest.files.map(\.path).filter { $0.hasPrefix("config/") })
        if !replace, try holdsHome(besides: restoresConfig) {
            throw BackupError.homeNotEmpty(path: home.dataFolder.path)
        }
        let data = home.dataFolder
        let parent = data.deletingLastPathComponent()
        let sharedFolder = home.configFolder == home.dataFolder
        let staging = parent.appendingPathComponent(Self.stagingPrefix(of: data) + UUID().uuidString)
        let configStaging =
            sharedFolder
            ? staging
            : home.configFolder.deletingLastPathComponent()
                .appendingPathComponent(Self.stagingPrefix(of: home.configFolder) + UUID().uuidString)
        var summary = Summary(madeBy: reader.manifest.booktag)
        Self.removeAbandonedStaging(beside: data)
        if !sharedFolder { Self.removeAbandonedStaging(beside: home.configFolder) }
        var markers: [FileLock] = []
        do {
            defer { if !sharedFolder { try? FileManager.default.removeItem(at: configStaging) } }
            do {
                try BookTagHome.createFolder(staging)
                try BookTagHome.createFolder(configStaging)
                for folder in Set([staging, configStaging]) {
                    markers.append(
                        try FileLock(path: folder.appendingPathComponent(Self.stagingMarker).path, mode: .exclusive))
                }
                var writer = StagedFiles(data: staging, config: configStaging)
                try reader.verify { path, chunk in
                    if Task.isCancelled { throw CancellationError() }
                    try writer.append(chunk, to: path)
                    summary.bytes += Int64(chunk.count)
                }
                summary.files = try writer.finish()
                let store = staging.appendingPathComponent(home.databaseFile.lastPathComponent)
                if FileManager.default.fileExists(atPath: store.path) {
                    do {
                        try StoreCheck.checkAndMigrate(store.path)
                    } catch let problem as StoreCheck.Problem {
                        throw BackupError.unusableStore(path: file.path, reason: problem.reason)
                    }
                }
                try AtomicFile.syncFileSystem(containing: staging)
                if Task.isCancelled { throw CancellationError() }
            } catch {
                try? FileManager.default.removeItem(at: staging)
                throw error
            }
            try swapIn(staging, keeping: restoresConfig)
            unlink(data.appendingPathComponent(Self.stagingMarker).path)
            if !sharedFolder {
                try BookTagHome.createFolder(home.configFolder)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: configStaging.path)) ?? [] {
                    let target = home.configFolder.appendingPathComponent(name)
                    guard rename(configStaging.appendingPathComponent(name).path, target.path) == 0 else {
                        throw AtomicFile.posixError(errno, "move", target)
                    }
                }
                AtomicFile.syncFolder(home.configFolder)
            }
        } catch let error as BackupError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw BackupError.cannotRestore(path: data.path, reason: HomeBackup.reason(error))
        }
        return summary
    }

    /// Whether the home holds something a restore would lose: a tag, a cover or collage file,
    /// or a configuration file the backup has its own of.
    func holdsHome(besides restoresConfig: Set<String>) throws -> Bool {
        if !HomeBackup.regularFiles(in: home.coversFolder).isEmpty { return true }
        if !HomeBackup.regularFiles(in: home.collagesFolder).isEmpty { return true }
        for file in [home.configFile, home.preferencesFile]
        where restoresConfig.contains("config/" + file.lastPathComponent) && access(file.path, F_OK) == 0 {
            return true
        }
        guard access(home.databaseFile.path, F_OK) == 0 else { return false }
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: home.databaseFile.path, configuration: configuration),
            let hasTags = try? queue.read({ try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM tag)") })
        else { return true }
        return hasTags
    }

    /// What of the old home a restore puts in place anew (or makes again), so it is not carried over.
    private static let replacedNames: Set<String> = [
        "booktag.sqlite", "booktag.sqlite-wal", "booktag.sqlite-shm", "covers", "collages", "cache", "uploads",
        ".covers.lock", ".migrate.lock", ".serve.lock", stagingMarker,
    ]

    /// The file in each staging folder, locked while its restore runs: the next restore removes a
    /// staging folder whose marker no one holds (a restore killed while unpacking, the folder as
    /// large as its backup), and keeps one being unpacked, and one with no marker (an old home a
    /// restore killed after its swap had moved aside: the reader's to look at).
    static let stagingMarker = ".restore-staging"

    /// The name of a folder `folder` is unpacked into, beside it, but for its unique end.
    static func stagingPrefix(of folder: URL) -> String {
        ".\(folder.lastPathComponent).restore-"
    }

    private static func removeAbandonedStaging(beside folder: URL) {
        let parent = folder.deletingLastPathComponent()
        let prefix = stagingPrefix(of: folder)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where name.hasPrefix(prefix) {
            let marker = parent.appendingPathComponent(name).appendingPathComponent(stagingMarker).path
            guard access(marker, F_OK) == 0, let lock = try? FileLock.attempt(path: marker, mode: .exclusive) else {
                continue
            }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            lock.unlock()
        }
    }

    /// `staging` in the home's place in one exchange (or one rename into a home not there yet);
    /// then what the old home holds that the backup does not replace moves over, and the rest goes.
    private func swapIn(_ staging: URL, keeping restoresConfig: Set<String>) throws {
        let data = home.dataFolder
        try FileManager.default.createDirectory(
            at: data.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        guard booktag_exchange_paths(staging.path, data.path) == 0 else {
            let code = errno
            if code == ENOENT, rename(staging.path, data.path) == 0 {
                AtomicFile.syncFolder(data.deletingLastPathComponent())
                return
            }
            try? FileManager.default.removeItem(at: staging)
            throw AtomicFile.posixError(code, "swap in", data)
        }
        AtomicFile.syncFolder(data.deletingLastPathComponent())
        // `staging` is the old home now.
        var replaced = Self.replacedNames
        if home.configFolder == data {
            replaced.formUnion(restoresConfig.map { String($0.dropFirst("config/".count)) })
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? []
        where !replaced.contains(name) {
            rename(staging.appendingPathComponent(name).path, data.appendingPathComponent(name).path)
        }
        AtomicFile.syncFolder(data)
        try? FileManager.default.removeItem(at: staging)
    }
}

/// The files a restore unpacks, each written as its chunks come, user-only.
private struct StagedFiles {
    let data: URL
    let config: URL
    private var current: (path: String, handle: FileHandle)?
    private var count = 0

    init(data: URL, config: URL) {
        self.data = data
        self.config = config
    }

    mutating func append(_ chunk: Data, to path: String) throws {
        if current?.path != path {
            try current?.handle.close()
            let parts = path.split(separator: "/").map(String.init)
            var target = parts[0] == "config" ? config : data
            for folder in parts.dropFirst().dropLast() {
                target.appendPathComponent(folder, isDirectory: true)
                try BookTagHome.createFolder(target)
            }
            target.appendPathComponent(parts[parts.count - 1])
            let descriptor = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw AtomicFile.posixError(errno, "create", target) }
            current = (path, FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
            count += 1
        }
        try current?.handle.write(contentsOf: chunk)
    }

    /// Closes the last file; how many were written.
    mutating func finish() throws -> Int {
        try current?.handle.close()
        current = nil
        return count
    }
}
