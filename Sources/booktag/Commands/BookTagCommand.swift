import ArgumentParser
import BookTag

/// The root of the `booktag` command tree.
package struct BookTagCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "booktag",
        abstract:
            "Collages of book covers for a tag, from Open Library, Goodreads, or your own shelf or library export.",
        discussion: """
            booktag finds books with real covers for a tag such as "fantasy", keeps them with \
            their covers in a local store, and renders a collage of the covers. Books come from \
            an Open Library subject (no key needed), a Goodreads search (with a Goodreads key), a \
            reader's public Goodreads shelf, their own Hardcover library or a BookWyrm shelf, or a library export from Goodreads, StoryGraph, LibraryThing or a Calibre library (or BookWyrm's). 'booktag serve' \
            shows the same as a web app.
            """,
        version: "\(BookTagVersion.current) (\(buildCommit))",
        subcommands: [
            Add.self, Import.self, Reroll.self, Drop.self, Show.self, List.self, Books.self, Collage.self, Stats.self,
            Serve.self, Devices.self, Goal.self, Share.self, Backup.self, Restore.self, Remove.self, Night.self,
            Inspect.self,
        ]
    )
}
