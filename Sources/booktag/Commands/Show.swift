import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// One book's details, from the store or else from its source (and then kept).
    struct Show: ParsableCommand {
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
            help: ArgumentHelp("Look the book up by id instead: Goodreads digits, or an Open Library work (OL45804W).", valueName: "id"))
        var id: String?
        @Option(help: ArgumentHelp("For an ISBN booktag does not know: ask goodreads or openlibrary.", valueName: "source"))
        package var source: SourceKind?
        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            switch (isbn, id) {
            case (nil, nil): throw ValidationError("give an ISBN, or --id with a Goodreads or Open Library id")
            case (.some, .some): throw ValidationError("give an ISBN or --id, not both")
            case let (nil, id?) where BookID(parsing: id) == nil:
                throw ValidationError("--id takes a Goodreads book id (digits) or an Open Library work id (such as OL45804W)")
            case (nil, .some) where source != nil:
                throw ValidationError("--source is for ISBNs: an id names its source")
            default: break
            }
        }

        func run() throws {
            let query: BookLookup.Query = try CommandFailure.checking {
                if let id, let parsed = BookID(parsing: id) { return .id(parsed) }
                return .isbn(try ISBN(isbn ?? ""))
            }
            let store = try CommandFailure.checking { try BookStore.open(home: global.resolvedHome) }
            let lookup = BookLookup(store: store)
            var book = try CommandFailure.checking { try lookup.stored(query) }
            let fromStore = book != nil
            // A book the store does not have is fetched.
            let session = Session(global)
            if book == nil {
                let configuration = try session.configuration()
                let kind: SourceKind
                switch query {
                case let .id(id): kind = id.source
                case .isbn: kind = session.chooseSource(source, configuration: configuration)
                }
                let connection = try session.connect(kind, configuration: configuration)
                do {
                    book = try AsyncRun.run { try await connection.closing { try await lookup.fetch(query, from: connection.source, covers: connection.covers) } }
                } catch let error as FetchError {
                    if case .notFound = error { throw Self.notFound(query, in: kind) }
                    throw error
                } catch let GoodreadsError.apiError(message) where message.localizedCaseInsensitiveContains("not found") {
                    throw Self.notFound(query, in: kind)
                }
            }
            guard let book else { throw Self.notFound(query, in: source ?? .goodreads) }
            if let missing = book.details.missingParts, !missing.isEmpty {
                session.reporter.warn("\(book.details.id.source.displayName) sent \(missing.joined(separator: ", ")) malformed: shown without \(missing.count == 1 ? "it" : "them") and not kept, so the next 'booktag show' asks again")
            }
            let tags = try CommandFailure.checking { try lookup.tags(of: book) }
            let shown = ShownBook(book, tags: tags, store: store, fromStore: fromStore)
            if json { return try JSONOutput.print(shown) }
            print(shown.text(width: Terminal.width, palette: session.palette))
        }

        private static func notFound(_ query: BookLookup.Query, in source: SourceKind) -> CommandFailure {
            let error: BookSourceError
            switch query {
            case let .isbn(isbn): error = .bookNotFound(source: source, what: "ISBN \(isbn.isbn13)")
            case let .id(id): error = .bookNotFound(source: id.source, what: "id \(id.value)")
            }
            return CommandFailure(.notFound, error.localizedDescription)
        }
    }
}
