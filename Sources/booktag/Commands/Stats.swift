import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// A tag's numbers: a reader's year in books when the tag is theirs.
    struct Stats: ParsableCommand {
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
        @Flag(help: "First fetch the details of the books whose page count is unknown, as show does (through the throttle), and keep them.")
        var fetch = false

        func run() throws {
            let session = Session(global)
            let name = try CommandFailure.checking { try TagName(tag) }
            let store = try CommandFailure.checking { try session.openStore() }
            if fetch { try fetchMissingPages(of: name, store: store, session: session) }
            let stats = try CommandFailure.checking { try store.stats(of: name) }
            if json { return try JSONOutput.print(stats) }
            print(StatsReport(stats: stats, palette: session.palette).text)
        }

        /// `show`'s path for every book without a page count: details and cover kept as they come,
        /// so an interrupted run loses nothing fetched. A book the source does not have is counted
        /// and named once; any other failure stops the run with its one line.
        private func fetchMissingPages(of name: TagName, store: BookStore, session: Session) throws {
            let missing = try CommandFailure.checking { try store.booksWithoutPages(of: name) }
            guard let kind = missing.first?.source else { return }
            let configuration = try session.configuration()
            let connection = try session.connect(kind, configuration: configuration)
            let (client, covers) = (connection.source, connection.covers)
            let lookup = BookLookup(store: store)
            let reporter = session.reporter
            let unavailable = try AsyncRun.run {
                try await connection.closing {
                    var unavailable: [String] = []
                    for (index, id) in missing.enumerated() where id.source == kind {
                        reporter.progress("details: \(index + 1) of \(missing.count) books without pages")
                        do {
                            _ = try await lookup.fetch(.id(id), from: client, covers: covers, forItself: false)
                        } catch let error as FetchError {
                            switch error {
                            case .notFound, .notRecorded: unavailable.append("\(id): \(error.localizedDescription)")
                            default: throw error
                            }
                        } catch let GoodreadsError.apiError(message) where message.localizedCaseInsensitiveContains("not found") {
                            unavailable.append("\(id): \(message)")
                        }
                    }
                    reporter.endProgress()
                    return unavailable
                }
            }
            if let first = unavailable.first {
                reporter.warn("\(unavailable.count) of \(missing.count) books' details could not be had (first: \(first))")
            }
        }
    }
}
