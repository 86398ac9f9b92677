import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Replaces a tag's books with books from another results page.
    struct Reroll: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "reroll",
            abstract: "Replace a tag's books with books from a random other results page.",
            discussion: """
                Picks a results page other than the current one (when there is more than one), \
                gathers books with covers from it the same way 'add' does, and replaces the set \
                and its collage in one step: if anything fails, the old set and collage stay \
                exactly as they were.

                Examples:
                  booktag reroll fantasy
                  booktag reroll fantasy --json
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tag.") var tag: String
        @Option(
            help: ArgumentHelp("Books with covers to gather (1–100; default: as many as the tag has).", valueName: "n"))
        var count: Int?
        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            // The same rule as a new tag's count.
            do { try AddRequest(tag: tag, count: count.map(BookCount.books)).validate() } catch {
                throw ValidationError(error.commandLineMessage)
            }
        }

        func run() async throws {
            let session = Session(global)
            let rerollTag = RerollTag(workspace: session.workspace, store: try session.openStore())
            let name = try TagName(tag)
            let current = try rerollTag.check(name)
            let previous = try rerollTag.store.books(of: name).map(\.book.bookID)
            let configuration = try session.configuration()
            let nightMode = session.preferences.nightMode
            let count = count
            let rerolled = try await session.gathering(
                tag: current.name, wanted: RerollTag.wanted(current, count: count, configuration: configuration)
            ) { progress in
                try await rerollTag.run(
                    current, count: count, configuration: configuration, nightMode: nightMode, progress: progress)
            }
            let (outcome, wanted) = (rerolled.outcome, rerolled.wanted)
            let gathering = outcome.gathering
            if current.origin != nil {
                if Set(outcome.books.map(\.book.bookID)) == Set(previous) {
                    session.reporter.warn(
                        "\(current.sourceDescription) has no other books with covers, so the books are the same")
                }
            } else if gathering.totalPages <= 1 {
                session.reporter.warn(
                    "\"\(Terminal.safe(current.name))\" has only one page of results, so the books may be the same")
            }
            if gathering.shortfall > 0 {
                session.reporter.warn(
                    "only \(gathering.books.count) books with covers were found (\(wanted) wanted); kept those")
            }
            session.reporter.note(
                "rerolled \"\(Terminal.safe(outcome.tag.name))\": \(outcome.books.count) books with covers from \(Add.describePages(gathering, origin: current.origin)), was page \(current.startPage)"
            )
            session.reporter.warnMissingGlyphs(outcome.collage?.missingGlyphs)
            try rerolled.report.print(json: json, palette: session.palette)
        }
    }
}
