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

        package func run() throws {
            let name = try TagName(tag)
            let session = Session(global)
            let removed = try RemoveTag(store: try session.openStore()).run(
                name, nightMode: session.preferences.nightMode)
            session.reporter.note("removed \"\(Terminal.safe(removed))\"")
        }
    }
}
