import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// A tag's numbers: a reader's year in books when the tag is theirs.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
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

        func run() throws {
            let session = Session(global)
            let name = try CommandFailure.checking { try TagName(tag) }
            let stats = try CommandFailure.checking { try session.openStore().stats(of: name) }
            if json { return try JSONOutput.print(stats) }
            print(StatsReport(stats: stats, palette: session.palette).text)
        }
    }
}
