import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// A tag's books in collage order.
    struct Books: ParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "books",
            abstract: "List a tag's books in collage order.",
            discussion: """
                Prints position, Goodreads id, title, author, year, average rating, ISBN13 and the \
                cover file of each book, from the store (no network).

                Examples:
                  booktag books fantasy
                  booktag books fantasy --json
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag.") var tag: String
        @Flag(help: "Print one JSON document.") var json = false

        func run() throws {
            let session = Session(global)
            let name = try TagName(tag)
            let store = try session.openStore()
            let stored = try store.existingTag(name)
            let rows = try BookRow.listing(of: name, store: store)
            if json { return try JSONOutput.print(rows) }
            session.reporter.note(
                "\"\(Terminal.safe(stored.name))\": \(rows.count) book\(rows.count == 1 ? "" : "s") from \(stored.sourceDescription)"
            )
            print(BookRow.table(rows, covers: true, palette: session.palette))
        }
    }
}
