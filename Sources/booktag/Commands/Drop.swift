import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Takes single books out of a tag, optionally refilling their places.
    package struct Drop: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "drop",
            abstract: "Remove books from a tag (and its collages), optionally refilling their places.",
            discussion: """
                Names each book by its position in 'booktag books' (a number up to the tag's size), \
                its source id (a Goodreads id, an Open Library work id such as OL45804W) or its \
                ISBN. Removes them, deletes cover files no other book uses, and draws the tag's \
                collages again as they were drawn, in one step: on any failure nothing changes. \
                With --replace, each place is taken by the next book with a cover from the tag's \
                source that the tag does not hold (over the network, throttled as always); places \
                the source has no other book for are closed up, with a warning. A tag from a \
                library export cannot be refilled: booktag does not keep the export.

                Examples:
                  booktag drop fantasy 3
                  booktag drop fantasy 2 OL45804W 978-0-441-17271-9
                  booktag drop fantasy 5 --replace
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag.") var tag: String
        @Argument(help: "Books to drop: positions, source ids or ISBNs.") var books: [String] = []
        @Flag(help: "Refill each place with the next book with a cover from the tag's source.") var replace = false
        @Flag(help: "Print one JSON document.") var json = false

        var request: DropRequest { DropRequest(books: books, replace: replace) }

        package func validate() throws {
            do { try request.validate() } catch { throw ValidationError(error.commandLineMessage) }
        }

        package func run() async throws {
            let session = Session(global)
            let dropBooks = DropBooks(workspace: session.workspace, store: try session.openStore())
            let name = try TagName(tag)
            let request = request
            let current = try dropBooks.check(name, request)
            let configuration = try session.configuration()
            let nightMode = session.preferences.nightMode
            let (outcome, report) = try await session.gathering(tag: current.name, wanted: books.count) { progress in
                try await dropBooks.run(
                    current, request, configuration: configuration, nightMode: nightMode, progress: progress)
            }
            for collage in outcome.collages { session.reporter.warnMissingGlyphs(collage.missingGlyphs) }
            if outcome.unfilled > 0 {
                session.reporter.warn(
                    "\(current.sourceDescription) has no other book with a cover for \(outcome.unfilled) of the places, so \(outcome.unfilled == 1 ? "it was" : "they were") closed up"
                )
            }
            session.reporter.note(
                "dropped \(outcome.dropped.count) book\(outcome.dropped.count == 1 ? "" : "s") from \"\(Terminal.safe(outcome.tag.name))\"\(replace ? ", \(outcome.replacements) put in their places" : "")"
            )
            if json { return try JSONOutput.print(report) }
            var text = BookRow.table(report.books, covers: false, palette: session.palette)
            text +=
                "\n\n" + session.palette.paint("collage:", .heading) + " "
                + (report.collages.first ?? "none yet: 'booktag collage \(Terminal.safe(outcome.tag.name))' makes it")
            print(text)
        }
    }
}
