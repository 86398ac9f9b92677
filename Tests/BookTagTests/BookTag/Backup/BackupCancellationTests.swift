import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// A backup or a restore whose task is cancelled (Ctrl-C or SIGTERM: the command line's
/// `AsyncRun` cancels it) stops at its next chunk and leaves nothing: no partial file beside the
/// destination, no snapshot in the home, no staging folder beside it, the home as it was. Each
/// task cancels itself before it starts, so the test does not race the work.
@Suite struct BackupCancellationTests {
    @Test func aCancelledRestoreLeavesTheHomeAndNothingBesideIt() async throws {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("v1.zip")
        try BackupTests.writeBackup(of: Fixtures.v1Home, to: file)
        let into = try TemporaryHome()
        let parent = into.folder.deletingLastPathComponent()
        let home = into.home
        let before = BackupTests.listing(into.folder)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try HomeRestore(home: home).restore(from: file, replace: false)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(BackupTests.listing(into.folder) == before)
        #expect(
            !(try FileManager.default.contentsOfDirectory(atPath: parent.path))
                .contains { $0.hasPrefix(".\(into.folder.lastPathComponent).restore-") })
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
}
