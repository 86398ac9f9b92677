import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// The whole home in one file, while commands and `serve` keep using it.
    package struct Backup: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write the whole home (store, covers, collages, preferences, configuration) to one file.",
            discussion: """
                The store is copied with SQLite's online backup, so commands and 'booktag serve' \
                can go on meanwhile. The file is a ZIP archive with a manifest of every file's \
                SHA-256, user-only (config.json's keys are in it); the serve token is not. It is \
                written under a temporary name and renamed into place whole; an earlier backup \
                at FILE is replaced, any other file is not; Ctrl-C leaves no part of it.

                Example:
                  booktag backup ~/booktag-$(date +%F).zip
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The file to write.", valueName: "file")) var file: String

        package func run() async throws {
            let session = Session(global)
            let store = try session.openStore()
            let destination = URL(fileURLWithPath: file)
            let summary = try await AsyncRun.run { try HomeBackup(store: store).write(to: destination) }
            if summary.missingCovers > 0 {
                session.reporter.warn(
                    "\(summary.missingCovers) cover file\(summary.missingCovers == 1 ? " the store names was" : "s the store names were") missing from the home, and are not in the backup"
                )
            }
            session.reporter.note(
                "backed up \(summary.files) files (\(Self.megabytes(summary.bytes))) to \(Terminal.safe(destination.path))"
            )
        }

        static func megabytes(_ bytes: Int64) -> String {
            String(format: "%.1f MB", Double(bytes) / 1_000_000)
        }
    }
}
