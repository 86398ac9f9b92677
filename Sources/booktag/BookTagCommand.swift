import ArgumentParser
import BookTag

/// The root of the `booktag` command tree.
struct BookTagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "booktag",
        abstract: "Collages of book covers for a tag, from Goodreads.",
        discussion: """
            booktag finds books for a tag such as "fantasy", keeps them with their covers in a \
            local store, and renders a collage of the covers.
            """,
        version: BookTagVersion.current,
        subcommands: [Add.self, Import.self, Reroll.self, Drop.self, Show.self, List.self, Books.self, Collage.self, Stats.self, Serve.self, Remove.self, Night.self, Inspect.self]
    )
}
