import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Deletes a tag, its books, its collages and the cover files no other book uses.
    package struct Remove: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Delete a tag, its books, and every cover file no other book uses.",
            discussion: """
                Cover files that another tag's books or a book kept by 'show' still use are kept. \
                The tag's collages in the collages folder are deleted too.

                Example:
                  booktag remove fantasy
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag.") var tag: String

        /// The tag, its books, the cover files no other book uses, and its collages; its name as
        /// it was spelt. `serve`'s delete does the same.
        package static func remove(_ name: TagName, from store: BookStore, nightMode: Bool) throws -> String {
            let display = try store.tag(name)?.name ?? name.display
            try store.removeTag(name)
            CollageMaker(store: store).removeCollages(forKey: name.key, theme: .forNightMode(nightMode))
            return display
        }

        package func run() throws {
            let name = try CommandFailure.checking { try TagName(tag) }
            let session = Session(global)
            let removed = try CommandFailure.checking {
                try Self.remove(name, from: try session.openStore(), nightMode: session.preferences.nightMode)
            }
            session.reporter.note("removed \"\(Terminal.safe(removed))\"")
        }
    }
}
