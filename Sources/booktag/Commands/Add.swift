import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Creates a tag: gathers books with real covers, stores them, renders the collage.
    struct Add: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Create a tag, gather books with covers for it, and render its collage.",
            discussion: """
                Searches the source (a Goodreads search, or an Open Library subject) for the tag, \
                or reads a reader's shelf (--shelf: Goodreads or Open Library, no key; a BookWyrm shelf; \
                or, with --source hardcover, the reader's own Hardcover library with their token; with \
                --source audiobookshelf, the audiobooks finished on the reader's own server and every \
                listening session), \
                page after page until it holds --count books with real covers (placeholders and broken \
                images are skipped), keeps them and their \
                covers, renders the collage and prints the books and the collage's path. API calls \
                are at least one second apart. A tag that exists is left as it is: 'booktag \
                reroll' picks other books.

                Examples:
                  booktag add fantasy
                  booktag add "science fiction" --count 16 --source openlibrary
                  booktag add "my 2025 in books" --shelf 12345/read --year 2025 --count all
                  booktag add "my 2025" --source hardcover --year 2025 --count all
                  booktag add shelf --shelf mouse@bookwyrm.social/read --source bookwyrm
                  booktag add "listened 2025" --source audiobookshelf --server http://192.168.1.20:13378 --year 2025
                  booktag add fantasy --replay fixtures/openlibrary-replay --home /tmp/booktag-demo
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag, such as fantasy (any script; at most 100 characters).") var tag: String
        @Option(
            help: ArgumentHelp(
                "Books with covers to gather (1–100; default: collage.count, 12); with --shelf, 'all' takes every covered book of the shelf.",
                valueName: "n|all")) var count: BookCount?
        @Option(
            help: ArgumentHelp(
                "Where the books come from: goodreads (needs an API key), openlibrary, hardcover (the reader's library; needs hardcover.token), bookwyrm (with --shelf) or audiobookshelf (the books finished on the reader's server; needs audiobookshelf.token) (default: config source, else goodreads with a key, else openlibrary).",
                valueName: "source")) var source: SourceKind?
        @Option(
            help: ArgumentHelp(
                "A reader's shelf instead of a search: a Goodreads user id and shelf (default read); with --source openlibrary a username and reading-log shelf; with hardcover a status (read, currently-reading, want-to-read, paused, did-not-finish); with bookwyrm user@instance[/shelf].",
                valueName: "user[/shelf]")) var shelf: String?
        @Option(
            help: ArgumentHelp(
                "With --source audiobookshelf: the server's address, as you open it (default: audiobookshelf.server).",
                valueName: "url")) var server: String?
        @Option(
            help: ArgumentHelp(
                "With --shelf (or hardcover, audiobookshelf): only books the reader finished in this year.",
                valueName: "yyyy")) var year: Int?
        @Flag(help: "Print one JSON document.") var json = false

        var request: AddRequest {
            AddRequest(tag: tag, count: count, source: source, shelf: shelf, year: year, server: server)
        }

        func validate() throws {
            do { try request.validate() } catch { throw ValidationError(error.commandLineMessage) }
        }

        func run() async throws {
            let session = Session(global)
            let addTag = AddTag(workspace: session.workspace, store: try session.openStore())
            let request = request
            let plan = try addTag.plan(request)
            guard case .new(let name, let origin) = plan else {
                if case .existing(let existing) = plan {
                    try reportExisting(existing, addTag: addTag, session: session)
                }
                return
            }
            let configuration = try session.configuration()
            let nightMode = session.preferences.nightMode
            let added: TagGathered
            do {
                added = try await session.gathering(
                    tag: name.display, wanted: AddTag.wanted(request, configuration: configuration)
                ) { progress in
                    try await addTag.run(
                        request, name: name, origin: origin, configuration: configuration, nightMode: nightMode,
                        progress: progress)
                }
            } catch StoreError.tagExists {
                // Another booktag made it meanwhile.
                guard let existing = try addTag.store.tag(name) else {
                    throw CommandFailure(.store, "the tag changed while it was being added: try again")
                }
                return try reportExisting(existing, addTag: addTag, session: session)
            }
            let (outcome, wanted) = (added.outcome, added.wanted)
            let gathering = outcome.gathering
            if gathering.shortfall > 0 {
                session.reporter.warn(
                    "only \(gathering.books.count) of the \(gathering.totalResults) books found for \"\(Terminal.safe(outcome.tag.name))\" have covers (\(wanted) wanted); kept those"
                )
            } else if wanted == Int.max, gathering.books.count < gathering.totalResults {
                session.reporter.warn(
                    "\(gathering.totalResults - gathering.books.count) of the \(gathering.totalResults) books have no cover and were left out"
                )
            }
            let drawn = outcome.books.count(where: \.coverDrawn)
            if drawn > 0 {
                session.reporter.note(
                    "\(drawn) of the \(outcome.books.count) books have no cover anywhere: drawn with title and author")
            }
            session.reporter.note(
                "added \"\(Terminal.safe(outcome.tag.name))\": \(outcome.books.count) books\(origin == nil ? " with covers" : "") from \(Self.describePages(gathering, origin: origin))"
            )
            session.reporter.warnMissingGlyphs(outcome.collage?.missingGlyphs)
            try added.report.print(json: json, palette: session.palette)
        }

        private func reportExisting(_ existing: Tag, addTag: AddTag, session: Session) throws {
            let safeName = Terminal.safe(existing.name)
            session.reporter.note(
                "\"\(safeName)\" already exists with \(existing.bookCount) books; nothing changed: 'booktag reroll \(safeName)' picks other books"
            )
            try addTag.existingReport(existing).print(json: json, palette: session.palette)
        }

        /// "Goodreads search page 1 of 3 (52 results)", "Open Library subject pages 1, 2 of 40 (…)",
        /// "Goodreads shelf 12345/read pages 1, 2, 3 (230 books listed, 41 read in 2025)".
        static func describePages(_ gathering: Gathering, origin: TagOrigin? = nil) -> String {
            let pages = gathering.pagesFetched.map(String.init).joined(separator: ", ")
            let noun = gathering.pagesFetched.count == 1 ? "page" : "pages"
            if let origin {
                let kept =
                    origin.year.map {
                        ", \(gathering.totalResults) \(origin.datesAreShelved ? "shelved" : "read") in \($0)"
                    } ?? ""
                return "\(origin.listingName) \(noun) \(pages) (\(gathering.listed) books listed\(kept))"
            }
            let kind = gathering.source == .openlibrary ? "subject" : "search"
            return
                "\(gathering.source.displayName) \(kind) \(noun) \(pages) of \(gathering.totalPages) (\(gathering.totalResults) results)"
        }
    }
}
