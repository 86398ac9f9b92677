import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// The reader's goal for a year, which `stats` of any tag of that year measures.
    struct Goal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal",
            abstract: "Set, show or clear your reading goal for a year.",
            discussion: """
                With a number of books it sets the goal (and --pages a number of pages), without one \
                it shows it, and --clear removes it. 'booktag stats' of a tag of that year then says \
                how far along the year is ("24 of 50 books · 3 behind · on pace for 46"): only books \
                finished within the year count.

                Examples:
                  booktag goal 2026 50
                  booktag goal 2026 50 --pages 15000
                  booktag goal 2026
                  booktag goal 2026 --clear
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The year, such as 2026.") var year: Int
        @Argument(help: "Books to finish in the year.") var books: Int?
        @Option(help: "Pages to read in the year, beside the books.") var pages: Int?
        @Flag(help: "Remove the year's goal.") var clear = false
        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            if clear, books != nil || pages != nil {
                throw ValidationError("--clear takes the year alone")
            }
            if pages != nil, books == nil {
                throw ValidationError("--pages goes with a number of books: booktag goal \(year) 50 --pages 15000")
            }
        }

        func run() throws {
            let session = Session(global)
            let store = try session.openStore()
            if clear {
                guard try store.clearGoal(year) else {
                    throw CommandFailure(.notFound, "there is no goal for \(year)")
                }
                if json { return try JSONOutput.print(GoalJSON(year: year, books: nil, pages: nil)) }
                return session.reporter.note("cleared the goal for \(year)")
            }
            if let books {
                try store.setGoal(ReadingGoal(year: year, books: books, pages: pages))
            }
            guard let goal = try store.goal(year) else {
                throw CommandFailure(.notFound, "there is no goal for \(year): 'booktag goal \(year) 50' sets one")
            }
            if json { return try JSONOutput.print(GoalJSON(year: goal.year, books: goal.books, pages: goal.pages)) }
            print(
                "goal for \(goal.year): \(GroupedNumber.text(goal.books)) book\(goal.books == 1 ? "" : "s")"
                    + (goal.pages.map { " · \(GroupedNumber.text($0)) pages" } ?? ""))
        }
    }
}

/// `goal --json`: the goal (`books` null once cleared).
struct GoalJSON: Encodable {
    var year: Int
    var books: Int?
    var pages: Int?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(year, forKey: .year)
        try container.encode(books, forKey: .books)
        try container.encode(pages, forKey: .pages)
    }

    enum CodingKeys: String, CodingKey { case year, books, pages }
}
