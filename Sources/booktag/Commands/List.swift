import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// The tags, with their book counts, when they were fetched and their collages.
    package struct List: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the tags: name, books, when last fetched, collage.",
            discussion: """
                Prints each tag's name, its number of books, when its books were last fetched, and \
                its collage file, from the store (no network).

                Examples:
                  booktag list
                  booktag list --json
                """
        )

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON document.") var json = false

        package func run() throws {
            var timeline = Timeline()
            timeline.mark("parsing")
            let session = Session(global)
            timeline.mark("preferences")
            let store = try session.openStore()
            timeline.mark("store")
            let entries = try TagListEntry.entries(store: store)
            timeline.mark("tags and collage files")
            defer { session.reporter.detail("timing: \(timeline.summary)") }
            if json {
                try JSONOutput.print(entries)
                return timeline.mark("output")
            }
            guard !entries.isEmpty else {
                session.reporter.note("no tags yet: 'booktag add fantasy' makes one")
                return
            }
            let table = TextTable(
                headers: ["TAG", "SOURCE", "BOOKS", "FETCHED", "COLLAGE", "STYLE"],
                rows: entries.map {
                    [
                        Terminal.safe($0.name), $0.from ?? $0.source.displayName, String($0.books),
                        $0.lastFetched.map(LocalTimestamp.string(from:)) ?? "—",
                        $0.collage ?? "—", $0.collageStyle.map { Terminal.safe($0.summary) } ?? "—",
                    ]
                },
                flexibleColumns: [4, 5, 0])
            print(table.render(width: Terminal.width, palette: session.palette))
            timeline.mark("table")
        }
    }
}
