import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Takes single books out of a tag, optionally refilling their places.
    package struct Drop: ParsableCommand {
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
        @Argument(help: "Books to drop: positions, source ids or ISBNs.") var books: [String]
        @Flag(help: "Refill each place with the next book with a cover from the tag's source.") var replace = false
        @Flag(help: "Print one JSON document.") var json = false

        package func validate() throws {
            if books.isEmpty { throw ValidationError("name at least one book to drop: a position, a source id or an ISBN") }
        }

        package struct Report: Encodable {
            let tag: String
            let dropped: [BookRow]
            let replacements: Int
            let unfilled: Int
            let books: [BookRow]
            let collages: [String]

            package init(tag: String, dropped: [BookRow], replacements: Int, unfilled: Int, books: [BookRow], collages: [String]) {
                self.tag = tag
                self.dropped = dropped
                self.replacements = replacements
                self.unfilled = unfilled
                self.books = books
                self.collages = collages
            }
        }

        package func run() throws {
            let session = Session(global)
            let (name, store, current) = try session.existingTag(tag)
            let configuration = try CommandFailure.checking { try session.configuration() }
            let selectors = books
            let replace = replace
            let outcome: TagLibrary.DropOutcome
            if replace {
                outcome = try session.gather(
                    into: store, tag: current.name, source: current.source, shelf: current.origin != nil, wanted: selectors.count, configuration: configuration
                ) { library, options, progress in
                    try await library.drop(name, books: selectors, replace: true, collage: options, progress: progress)
                }
            } else {
                // No source: nothing goes over the network.
                let options = configuration.collageOptions(nightMode: session.preferences.nightMode)
                outcome = try CommandFailure.checking {
                    try AsyncRun.run { try await TagLibrary.drop(name, books: selectors, from: store, refillingFrom: nil, collage: options) }
                }
            }
            outcome.collages.forEach { session.reporter.warnMissingGlyphs($0.missingGlyphs) }
            if outcome.unfilled > 0 {
                session.reporter.warn("\(current.sourceDescription) has no other book with a cover for \(outcome.unfilled) of the places, so \(outcome.unfilled == 1 ? "it was" : "they were") closed up")
            }
            session.reporter.note("dropped \(outcome.dropped.count) book\(outcome.dropped.count == 1 ? "" : "s") from \"\(Terminal.safe(outcome.tag.name))\"\(replace ? ", \(outcome.replacements) put in their places" : "")")
            let report = Report(
                tag: outcome.tag.name, dropped: outcome.dropped.map { BookRow($0, store: store) }, replacements: outcome.replacements,
                unfilled: outcome.unfilled, books: outcome.books.map { BookRow($0, store: store) }, collages: outcome.collages.map(\.file.path))
            if json { return try JSONOutput.print(report) }
            var text = BookRow.table(report.books, covers: false, palette: session.palette)
            text += "\n\n" + session.palette.paint("collage:", .heading) + " " + (report.collages.first ?? "none yet: 'booktag collage \(Terminal.safe(outcome.tag.name))' makes it")
            print(text)
        }
    }
}
