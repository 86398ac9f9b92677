import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// A backup or a restore whose task is cancelled (Ctrl-C or SIGTERM: the command line's
/// `AsyncRun` cancels it) stops at its next chunk and leaves nothing: no partial file beside the
/// destination, no snapshot in the home, no staging folder beside it, the home as it was. Each
/// task cancels itself before it starts, so the test does not race the work. A staging folder a
/// restore killed outright left behind is removed by the next restore.
@Suite struct BackupCancellationTests {
    /// A backup of `fixtures/homes/v1`, in a folder that lasts as long as the first value.
    static func v1Backup() throws -> (TemporaryHome, URL) {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("v1.zip")
        try BackupTests.writeBackup(of: Fixtures.v1Home, to: file)
        return (folder, file)
    }

    @Test func aCancelledRestoreLeavesTheHomeAndNothingBesideIt() async throws {
        let (folder, file) = try Self.v1Backup()
        defer { withExtendedLifetime(folder) {} }
        let into = try TemporaryHome()
        let home = into.home
        let before = BackupTests.listing(into.folder)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try HomeRestore(home: home).restore(from: file, replace: false)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(BackupTests.listing(into.folder) == before)
        #expect(try BackupTests.stagingFolders(beside: into).isEmpty)
        // Not cancelled, the same restore puts the home in place.
        let summary = try HomeRestore(home: home).restore(from: file, replace: false)
        let tags = try BookStore.open(home: home).tags()
        #expect(summary.files > 10 && tags.count == 2)
    }

    @Test func aCancelledBackupLeavesNoFile() async throws {
        let home = try MigrationTests.v1Home()
        let store = try BookStore.open(home: home.home)
        let out = try TemporaryHome()
        let destination = out.folder.appendingPathComponent("backup.zip")
        let before = BackupTests.listing(out.folder)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try HomeBackup(store: store).write(to: destination)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(BackupTests.listing(out.folder) == before)
        #expect(!BackupTests.listing(home.folder).keys.contains { $0.hasPrefix(".backup-") }, "the store's snapshot")
        // Not cancelled, the same backup is written.
        let written = try HomeBackup(store: store).write(to: destination)
        #expect(written.files > 10)
    }

    /// Beside the home: what a restore killed while unpacking left (its marker unlocked), one still
    /// being unpacked (its marker locked here), and an old home a restore killed after its swap
    /// moved aside (no marker). The next restore removes the first and keeps the other two.
    @Test func aRestoreRemovesTheStagingAKilledOneLeft() async throws {
        let (folder, file) = try Self.v1Backup()
        defer { withExtendedLifetime(folder) {} }
        let into = try TemporaryHome()
        let parent = into.folder.deletingLastPathComponent()
        func staging(_ name: String, marker: Bool) throws -> URL {
            let staging = parent.appendingPathComponent(HomeRestore.stagingPrefix(of: into.folder) + name)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            try Data(count: 4096).write(to: staging.appendingPathComponent("booktag.sqlite"))
            if marker { try Data().write(to: staging.appendingPathComponent(HomeRestore.stagingMarker)) }
            return staging
        }
        let killed = try staging("killed", marker: true)
        let running = try staging("running", marker: true)
        let swappedOut = try staging("swapped-out", marker: false)
        defer { for kept in [running, swappedOut] { try? FileManager.default.removeItem(at: kept) } }
        let held = try FileLock(path: running.appendingPathComponent(HomeRestore.stagingMarker).path, mode: .exclusive)
        defer { held.unlock() }
        try HomeRestore(home: into.home).restore(from: file, replace: false)
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        #expect(!exists(killed) && exists(running) && exists(swappedOut))
        #expect(!exists(into.folder.appendingPathComponent(HomeRestore.stagingMarker)), "the new home keeps no marker")
        #expect(try BookStore.open(home: into.home).tags().count == 2)
    }
}
