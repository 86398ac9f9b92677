import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// The tags, with their book counts, when they were fetched and their collages.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the tags: name, books, when last fetched, collage.",
            discussion: "Example:\n  booktag list --json"
        )

        @OptionGroup var homeOptions: HomeOptions
        @Flag(help: "Print one JSON document.") var json = false

        struct Entry: Encodable {
            let name: String
            let books: Int
            let lastFetched: Date?
            let collage: String?
        }

        func run() throws {
            let home = homeOptions.resolvedHome
            let entries = try CommandFailure.checking {
                let store = try BookStore.open(home: home)
                let maker = CollageMaker(store: store)
                return try store.tags().map { tag in
                    let collage = CollageFormat.allCases.map { maker.defaultFile(forKey: tag.key, format: $0) }
                        .first { FileManager.default.fileExists(atPath: $0.path) }
                    return Entry(name: tag.name, books: tag.bookCount, lastFetched: tag.lastFetchedAt, collage: collage?.path)
                }
            }
            if json { return try JSONOutput.print(entries) }
            guard !entries.isEmpty else {
                FileHandle.standardError.write(Data("no tags yet: 'booktag add fantasy' makes one\n".utf8))
                return
            }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
            formatter.timeZone = .current
            let table = TextTable(
                headers: ["TAG", "BOOKS", "FETCHED", "COLLAGE"],
                rows: entries.map { [Terminal.safe($0.name), String($0.books), $0.lastFetched.map(formatter.string(from:)) ?? "—", $0.collage ?? "—"] },
                flexibleColumn: 3)
            print(table.render(width: Terminal.width))
        }
    }
}
