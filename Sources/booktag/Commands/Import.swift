import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Makes tags from a reader's library export (Goodreads, StoryGraph), with covers from Open Library.
    struct Import: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "import",
            abstract:
                "Make tags from a library export (Goodreads, StoryGraph, LibraryThing, BookWyrm), a Calibre library or KOReader's statistics.",
            discussion: """
                Reads the CSV Goodreads gives every reader (My Books → Import and export → Export \
                Library), StoryGraph's export, LibraryThing's TSV, BookWyrm's export or Open Library's reading log, \
                recognised by its columns, or a \
                Calibre library folder, read-only with its own covers and no network, or KOReader's \
                statistics.sqlite3 (books finished and in progress; the file is never changed) (--format names it). \
                Without filters it makes one tag per shelf (read, to-read, currently-reading, \
                StoryGraph's statuses and tags, and your own shelves); with --shelf, --year or --tag, one tag of \
                the matching books, newest read first. Covers come from Open Library, looked up \
                by ISBN (then title and author) in batches and downloaded by id; books with no \
                cover are left out and counted. Importing again replaces each imported tag's set \
                in one step, reusing the covers already stored.

                Examples:
                  booktag import goodreads_library_export.csv
                  booktag import goodreads_library_export.csv --year 2025 --tag "my 2025 in books"
                  booktag import goodreads_library_export.csv --shelf favourites --count 24
                  booktag import storygraph_export.csv --year 2025
                  booktag import ~/"Calibre Library"
                  booktag import statistics.sqlite3 --year 2025 --books ~/Books
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The export file (goodreads_library_export.csv, a StoryGraph export).") var file: String
        @Option(help: ArgumentHelp("Only books on this shelf (read, to-read, or one of yours).", valueName: "name"))
        var shelf: String?
        @Option(help: ArgumentHelp("Only books read in this year.", valueName: "yyyy")) var year: Int?
        @Option(
            help: ArgumentHelp("The tag's name (default: the shelf and the year, as \"read 2025\").", valueName: "name")
        ) var tag: String?
        @Option(help: ArgumentHelp("Books with covers per tag (default: all).", valueName: "n|all")) var count:
            BookCount?
        @Option(
            help: ArgumentHelp(
                "The service that wrote the file, when its content does not say: goodreads, storygraph, librarything, calibre (a library folder) or openlibrary (a reading log).",
                valueName: "format")) var format: LibraryFormat?
        @Option(
            help: ArgumentHelp(
                "Put before each tag's name made from a shelf, so that another service's shelves do not meet these (\"sg\" makes \"sg read\").",
                valueName: "text")) var prefix: String?
        @Option(
            help: ArgumentHelp(
                "With KOReader's statistics: the folder of your EPUB files, whose own covers the books get (no network).",
                valueName: "folder")) var books: String?
        @Flag(help: "Print one JSON document.") var json = false

        var request: ImportRequest {
            var request = ImportRequest(
                file: URL(fileURLWithPath: file), shelf: shelf, year: year, tag: tag, count: count, format: format,
                prefix: prefix)
            request.booksFolder = books.map { URL(fileURLWithPath: $0) }
            return request
        }

        func validate() throws {
            do { try request.validate() } catch { throw ValidationError(error.commandLineMessage) }
        }

        func run() async throws {
            let session = Session(global)
            let importLibrary = ImportLibrary(workspace: session.workspace, store: try session.openStore())
            let plan = try importLibrary.plan(request)
            if plan.summary.malformed > 0 {
                session.reporter.warn(
                    "skipped \(plan.summary.malformed) malformed row\(plan.summary.malformed == 1 ? "" : "s") of \(file) (a wrong number of fields, or no book id or title)"
                )
            }
            if plan.summary.mangledISBNs > 0 {
                session.reporter.warn(
                    "\(plan.summary.mangledISBNs) ISBN\(plan.summary.mangledISBNs == 1 ? " was" : "s were") turned into numbers such as 9.78053E+12 by a spreadsheet; those books are looked up by title and author"
                )
            }
            if plan.summary.leftOut > 0 {
                let count = plan.summary.leftOut
                session.reporter.note(
                    "left out \(count) book\(count == 1 ? "" : "s") of \(file) not really read (KOReader's own guide, or opened for under a minute)"
                )
            }
            if plan.summary.skippedIntervals > 0 {
                let count = plan.summary.skippedIntervals
                session.reporter.warn(
                    "skipped \(count) record\(count == 1 ? "" : "s") of reading time in \(file) that no device could have written (no seconds, before 2000, or in the future)"
                )
            }
            let configuration = try session.configuration()
            let nightMode = session.preferences.nightMode
            let progress = ImportProgress(reporter: session.reporter)
            let (outcomes, report): ([ExportImporter.TagOutcome], ImportReport)
            do {
                defer { session.reporter.endProgress() }
                (outcomes, report) = try await AsyncRun.run {
                    try await importLibrary.run(
                        plan, configuration: configuration, nightMode: nightMode, progress: progress.handle)
                }
            }
            for outcome in outcomes {
                session.reporter.warnMissingGlyphs(outcome.collage?.missingGlyphs)
                let name = Terminal.safe(outcome.name.display)
                if let refusal = outcome.refusal {
                    session.reporter.warn("\"\(name)\" was not stored: \(refusal)")
                } else if outcome.withoutCover > 0 {
                    session.reporter.note(
                        "\"\(name)\": \(outcome.withoutCover) book\(outcome.withoutCover == 1 ? "" : "s") with no cover anywhere: drawn with title and author"
                    )
                }
            }
            let stored = outcomes.filter { $0.tag != nil }
            session.reporter.note(
                "imported \(stored.count) tag\(stored.count == 1 ? "" : "s") from \(plan.summary.rows) rows of \(file)")
            if json { return try JSONOutput.print(report) }
            let table = TextTable(
                headers: ["TAG", "BOOKS", "DRAWN", "", "COLLAGE"],
                rows: report.tags.filter { $0.refused == nil }.map { entry in
                    [
                        Terminal.safe(entry.tag), String(entry.books), String(entry.withoutCover),
                        entry.replaced ? "replaced" : "new", entry.collage ?? "—",
                    ]
                },
                flexibleColumns: [4, 0])
            print(table.render(width: Terminal.width, palette: session.palette))
        }
    }
}
