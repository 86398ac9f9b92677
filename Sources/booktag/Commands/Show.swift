import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// One book's details, from the store or else from its source (and then kept).
    struct Show: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one book by ISBN (or by Goodreads or Open Library id): details, description, tags.",
            discussion: """
                Prints the cover file, title, authors, page count, average rating, description \
                (as plain text), year, publisher, ISBN, ISBN13, the book's source and the tags it \
                is in. A book booktag knows is shown from the store; any other is fetched and \
                kept: by ISBN from Goodreads when a key is configured, else from Open Library \
                (--source chooses); by id from the source the id belongs to. ISBN-10 and ISBN-13 \
                are both accepted, with or without hyphens, and checked by their check digit.

                Examples:
                  booktag show 978-0-306-40615-7
                  booktag show 0306406152 --json
                  booktag show --id 5100000
                  booktag show --id OL45804W
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The book's ISBN-10 or ISBN-13.") var isbn: String?
        @Option(
            name: .customLong("id"),
            help: ArgumentHelp(
                "Look the book up by id instead: Goodreads digits, or an Open Library work (OL45804W).", valueName: "id"
            ))
        var id: String?
        @Option(
            help: ArgumentHelp("For an ISBN booktag does not know: ask goodreads or openlibrary.", valueName: "source"))
        package var source: SourceKind?
        @Flag(help: "Print one JSON document.") var json = false

        var request: ShowRequest { ShowRequest(isbn: isbn, id: id, source: source) }

        func validate() throws {
            do { try request.validate() } catch { throw ValidationError(error.commandLineMessage) }
        }

        func run() async throws {
            let session = Session(global)
            let showBook = ShowBook(workspace: session.workspace, store: try session.openStore())
            let request = request
            let reporter = session.reporter
            let (book, shown) = try await AsyncRun.run { try await showBook.run(request, progress: reporter.handle) }
            if let missing = book.details.missingParts, !missing.isEmpty {
                session.reporter.warn(
                    "\(book.details.id.source.displayName) sent \(missing.joined(separator: ", ")) malformed: shown without \(missing.count == 1 ? "it" : "them") and not kept, so the next 'booktag show' asks again"
                )
            }
            if json { return try JSONOutput.print(shown) }
            print(shown.text(width: Terminal.width, palette: session.palette))
        }
    }
}
