import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// A tag's numbers: a reader's year in books when the tag is theirs.
    struct Stats: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Print a tag's numbers: books, pages, stars, books per month.",
            discussion: """
                From the store, no network. For a tag made from your shelf or library export: \
                books and pages (total, average, shortest and longest), your stars against \
                everyone's and how you spread them, books per month read, the authors you read \
                most and the oldest and newest books. For a search or a subject, what the source \
                says (pages where known, ratings, authors, years); the reading parts are unknown. \
                Unknown numbers say so, with how many books they were known for.

                Examples:
                  booktag stats "my 2025 in books"
                  booktag stats fantasy --json
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag.") var tag: String
        @Flag(help: "Print one JSON document.") var json = false
        @Flag(
            help:
                "List the tag's books that have no read date (what to fix in your reading service) instead of the numbers."
        )
        var undated = false
        @Flag(
            help:
                "First fetch the details of the books whose page count is unknown, as show does (through the throttle), and keep them."
        )
        var fetch = false

        func run() async throws {
            let session = Session(global)
            let name = try TagName(tag)
            let store = try session.openStore()
            if fetch { try await fetchMissingPages(of: name, store: store, session: session) }
            if undated { return try listUndated(of: name, store: store, session: session) }
            let stats = try store.stats(of: name)
            if json { return try JSONOutput.print(stats) }
            let language = try session.configuration().language ?? .english
            print(StatsReport(stats: stats.inLanguage(language), palette: session.palette).text)
        }

        /// The books without a read date, each with its author; one line saying so when there is none.
        private func listUndated(of name: TagName, store: BookStore, session: Session) throws {
            guard let tag = try store.tag(name) else { throw StoreError.tagNotFound(name.display) }
            guard tag.origin != nil else {
                throw CommandFailure(
                    .usage, "\"\(tag.name)\" is a search of \(tag.source.displayName): its books have no read dates")
            }
            let books = try store.books(of: name).filter { $0.reading?.dateRead == nil }.map(\.book)
            if json {
                return try JSONOutput.print(
                    books.map {
                        UndatedBook(
                            source: $0.bookID.source, id: $0.bookID.value, title: $0.title, author: $0.authorName)
                    })
            }
            let palette = session.palette
            guard !books.isEmpty else {
                return print("every book of \(Terminal.safe(tag.name)) (\(tag.sourceDescription)) has a read date")
            }
            print(
                palette.paint(
                    "\(books.count) book\(books.count == 1 ? "" : "s") of \(Terminal.safe(tag.name)) without a read date, "
                        + "left out of the months and the calendar (\(tag.sourceDescription)):", .heading))
            for book in books {
                print(
                    "  " + Terminal.safe(book.title)
                        + (book.authorName.map { palette.paint(" — " + Terminal.safe($0), .muted) } ?? ""))
            }
        }

        /// A line of `stats --undated --json`.
        private struct UndatedBook: Encodable {
            let source: SourceKind
            let id: String
            let title: String
            let author: String?
        }

        /// `show`'s path for every book without a page count; a book the source does not have
        /// is counted and named once.
        private func fetchMissingPages(of name: TagName, store: BookStore, session: Session) async throws {
            let fetchMissing = FetchMissingPages(workspace: session.workspace, store: store)
            let reporter = session.reporter
            defer { reporter.endProgress() }
            let (missing, unavailable) = try await AsyncRun.run {
                try await fetchMissing.run(of: name, progress: reporter.handle)
            }
            if let first = unavailable.first {
                reporter.warn("\(unavailable.count) of \(missing) books' details could not be had (first: \(first))")
            }
        }
    }
}
