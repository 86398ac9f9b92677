import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Creates a tag: gathers books with real covers, stores them, renders the collage.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Create a tag, gather books with covers for it, and render its collage.",
            discussion: """
                Searches the source (a Goodreads search, or an Open Library subject) for the tag \
                page after page until it holds --count books with real covers (placeholders and broken images are skipped), keeps them and their \
                covers, renders the collage and prints the books and the collage's path. API calls \
                are at least one second apart. A tag that exists is left as it is: 'booktag \
                reroll' picks other books.

                Examples:
                  booktag add fantasy
                  booktag add "science fiction" --count 16 --source openlibrary
                  booktag add fantasy --replay fixtures/openlibrary-replay --home /tmp/booktag-demo
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag, such as fantasy (any script; at most 100 characters).") var tag: String
        @Option(help: ArgumentHelp("Books with covers to gather (1–100; default: collage.count, 12).", valueName: "n")) var count: Int?
        @Option(help: ArgumentHelp(
            "Where the books come from: goodreads (needs an API key) or openlibrary (default: config source, else goodreads with a key, else openlibrary).",
            valueName: "source")) var source: SourceKind?
        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            if let count, !(1...100).contains(count) { throw ValidationError("--count must be between 1 and 100") }
        }

        func run() throws {
            let session = Session(global)
            let name = try CommandFailure.checking { try TagName(tag) }
            let store = try CommandFailure.checking { try session.openStore() }
            if let existing = try CommandFailure.checking({ try store.tag(name) }) {
                return try reportExisting(existing, store: store, session: session)
            }
            let configuration = try CommandFailure.checking { try session.configuration() }
            let wanted = count ?? configuration.collageCount
            let kind = session.chooseSource(source, configuration: configuration)
            let outcome: TagLibrary.Outcome
            do {
                outcome = try session.gather(into: store, tag: name.display, source: kind, wanted: wanted, configuration: configuration) { library, options, progress in
                    try await library.add(name, count: wanted, collage: options, progress: progress)
                }
            } catch StoreError.tagExists {
                // Another booktag made it meanwhile.
                guard let existing = try CommandFailure.checking({ try store.tag(name) }) else { throw CommandFailure(.store, "the tag changed while it was being added: try again") }
                return try reportExisting(existing, store: store, session: session)
            }
            let gathering = outcome.gathering
            if gathering.shortfall > 0 {
                session.reporter.warn("only \(gathering.books.count) of the \(gathering.totalResults) books found for \"\(Terminal.safe(outcome.tag.name))\" have covers (\(wanted) wanted); kept those")
            }
            session.reporter.note("added \"\(Terminal.safe(outcome.tag.name))\": \(outcome.books.count) books with covers from \(Self.describePages(gathering))")
            try TagResult(tag: outcome.tag, outcome: outcome, books: outcome.books.map { BookRow($0, store: store) }, collage: outcome.collage, wanted: wanted)
                .print(json: json, palette: session.palette)
        }

        private func reportExisting(_ existing: Tag, store: BookStore, session: Session) throws {
            let safeName = Terminal.safe(existing.name)
            session.reporter.note("\"\(safeName)\" already exists with \(existing.bookCount) books; nothing changed: 'booktag reroll \(safeName)' picks other books")
            let rows = try CommandFailure.checking { try store.books(of: TagName(existing.name)).map { BookRow($0, store: store) } }
            let maker = CollageMaker(store: store)
            let collage = maker.existingFormats(forKey: existing.key).first.map { maker.defaultFile(forKey: existing.key, format: $0) }
            try TagResult(tag: existing, outcome: nil, books: rows, collage: collage, wanted: existing.bookCount).print(json: json, palette: session.palette)
        }

        /// "Goodreads search page 1 of 3 (52 results)", "Open Library subject pages 1, 2 of 40 (…)".
        static func describePages(_ gathering: Gathering) -> String {
            let pages = gathering.pagesFetched.map(String.init).joined(separator: ", ")
            let noun = gathering.pagesFetched.count == 1 ? "page" : "pages"
            let kind = gathering.source == .openlibrary ? "subject" : "search"
            return "\(gathering.source.displayName) \(kind) \(noun) \(pages) of \(gathering.totalPages) (\(gathering.totalResults) results)"
        }
    }
}
