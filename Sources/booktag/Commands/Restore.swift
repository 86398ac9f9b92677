import ArgumentParser
import BookTag
import BookTagServe
import Foundation

extension BookTagCommand {
    /// A backup put in place of the home, whole or not at all.
    package struct Restore: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Put a backup made by 'booktag backup' in place of the home.",
            discussion: """
                Every file is checked against the backup's manifest before the home changes: a \
                file cut short, altered or not made by booktag is refused and the home is left as \
                it was. Into an empty home, or with --replace over one that holds tags; the new \
                home is unpacked beside the old one and swapped in at once, keeping the serve \
                token. Stop 'booktag serve' on the home first; Ctrl-C before the swap leaves \
                the home as it was and nothing beside it. The store is checked against \
                booktag's schema and brought up to date before the swap: one that is damaged, or \
                holds what booktag never writes, is refused.

                Examples:
                  booktag restore booktag-2026-11-27.zip
                  booktag restore booktag-2026-11-27.zip --replace
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The backup file.", valueName: "file")) var file: String
        @Flag(help: "Replace a home that holds tags (the old one is kept until the new one is whole).")
        var replace = false

        package func run() async throws {
            let session = Session(global)
            let home = session.home
            // A server keeps the store open and would go on writing to the old home.
            if let running = ServeLock.running(in: home) {
                throw CommandFailure(
                    .usage, "booktag serve is running on this home \(running.place): stop it, then restore")
            }
            let (source, replace) = (URL(fileURLWithPath: file), replace)
            let summary = try await AsyncRun.run { try HomeRestore(home: home).restore(from: source, replace: replace) }
            // The restore migrated the store: this open only reads it.
            let tags = try BookStore.open(home: home).tags()
            session.reporter.note(
                "restored \(summary.files) files (\(Backup.megabytes(summary.bytes))) from booktag \(Terminal.safe(summary.madeBy)): \(tags.count) tag\(tags.count == 1 ? "" : "s")"
            )
        }
    }
}
