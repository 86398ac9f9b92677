import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// One book's details, from the store or else from Goodreads (and then kept).
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one book by ISBN (or Goodreads id): details, description, tags.",
            discussion: """
                Prints the cover file, title, authors, page count, average rating, description \
                (HTML turned into plain text), year, publisher, ISBN, ISBN13 and the tags the book \
                is in. A book booktag knows is shown from the store; any other is fetched from \
                Goodreads and kept. ISBN-10 and ISBN-13 are both accepted, with or without \
                hyphens, and checked by their check digit.

                Examples:
                  booktag show 978-0-306-40615-7
                  booktag show 0306406152 --json
                  booktag show --id 5100000
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The book's ISBN-10 or ISBN-13.") var isbn: String?
        @Option(name: .customLong("id"), help: ArgumentHelp("Look the book up by its Goodreads id instead.", valueName: "goodreads-id")) var goodreadsID: Int?
        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            switch (isbn, goodreadsID) {
            case (nil, nil): throw ValidationError("give an ISBN, or --id with a Goodreads book id")
            case (.some, .some): throw ValidationError("give an ISBN or --id, not both")
            case let (nil, id?) where id <= 0: throw ValidationError("--id must be a positive Goodreads book id")
            default: break
            }
        }

        func run() throws {
            let session = Session(global)
            let query: BookLookup.Query = try CommandFailure.checking {
                if let goodreadsID { return .goodreadsID(goodreadsID) }
                return .isbn(try ISBN(isbn ?? ""))
            }
            let store = try CommandFailure.checking { try session.openStore() }
            let lookup = BookLookup(store: store)
            var book = try CommandFailure.checking { try lookup.stored(query) }
            let fromStore = book != nil
            if book == nil {
                let configuration = try CommandFailure.checking { try session.configuration() }
                let (client, covers, network) = try CommandFailure.checking { try session.source(configuration) }
                do {
                    book = try AsyncRun.run { try await Session.closing(network) { try await lookup.fetch(query, from: client, covers: covers) } }
                } catch let error as FetchError {
                    if case .notFound = error { throw Self.notFound(query) }
                    throw error
                } catch let GoodreadsError.apiError(message) where message.localizedCaseInsensitiveContains("not found") {
                    throw Self.notFound(query)
                }
            }
            guard let book else { throw Self.notFound(query) }
            let tags = try CommandFailure.checking { try lookup.tags(of: book) }
            let shown = ShownBook(book, tags: tags, store: store, fromStore: fromStore)
            if json { return try JSONOutput.print(shown) }
            print(shown.text(width: Terminal.width, palette: session.palette))
        }

        private static func notFound(_ query: BookLookup.Query) -> CommandFailure {
            switch query {
            case let .isbn(isbn): CommandFailure(.notFound, "Goodreads has no book with ISBN \(isbn.isbn13): check the number")
            case let .goodreadsID(id): CommandFailure(.notFound, "Goodreads has no book with id \(id): check the number")
            }
        }
    }
}
