import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Makes tags from a Goodreads library export, with covers from Open Library.
    struct Import: ParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Make tags from a Goodreads library export (CSV), with covers from Open Library.",
            discussion: """
                Reads the CSV Goodreads gives every reader (My Books → Import and export → Export \
                Library). Without filters it makes one tag per shelf (read, to-read, \
                currently-reading and your own shelves); with --shelf, --year or --tag, one tag of \
                the matching books, newest read first. Covers come from Open Library, looked up \
                by ISBN (then title and author) in batches and downloaded by id; books with no \
                cover are left out and counted. Importing again replaces each imported tag's set \
                in one step, reusing the covers already stored.

                Examples:
                  booktag import goodreads_library_export.csv
                  booktag import goodreads_library_export.csv --year 2025 --tag "my 2025 in books"
                  booktag import goodreads_library_export.csv --shelf favourites --count 24
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The export file (goodreads_library_export.csv).") var file: String
        @Option(help: ArgumentHelp("Only books on this shelf (read, to-read, or one of yours).", valueName: "name")) var shelf: String?
        @Option(help: ArgumentHelp("Only books read in this year.", valueName: "yyyy")) var year: Int?
        @Option(help: ArgumentHelp("The tag's name (default: the shelf and the year, as \"read 2025\").", valueName: "name")) var tag: String?
        @Option(help: ArgumentHelp("Books with covers per tag (default: all).", valueName: "n|all")) var count: BookCount?
        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            if let year, !(1000...9999).contains(year) { throw ValidationError("--year must be a four-digit year such as 2025") }
            if let shelf, shelf.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--shelf needs a shelf's name, such as read") }
        }

        package struct Report: Encodable {
            struct Entry: Encodable {
                let tag: String
                let books: Int
                let withoutCover: Int
                let replaced: Bool
                let collage: String?
                let refused: String?
            }
            let file: String
            let rows: Int
            let malformedRows: Int
            let tags: [Entry]
        }

        func run() throws {
            let session = Session(global)
            let url = URL(fileURLWithPath: file)
            var rows: [ExportRow] = []
            let summary = try CommandFailure.checking { try ExportReader.read(url) { rows.append($0) } }
            if summary.malformed > 0 {
                session.reporter.warn("skipped \(summary.malformed) malformed row\(summary.malformed == 1 ? "" : "s") of \(file) (a wrong number of fields, or no book id or title)")
            }
            guard !rows.isEmpty else { throw CommandFailure(.data, ExportError.noBooks(path: file, malformed: summary.malformed).localizedDescription) }
            let selection = ExportSelection(shelf: shelf, year: year, tagName: tag)
            let plans = try CommandFailure.checking { try selection.plans(for: rows) }
            if selection.isFiltered, plans.allSatisfy({ $0.rows.isEmpty }) {
                throw CommandFailure(.notFound, "no book in \(file) is \([shelf.map { "on the shelf \($0)" }, year.map { "read in \($0)" }].compactMap { $0 }.joined(separator: " and ")); nothing was stored")
            }
            let store = try CommandFailure.checking { try session.openStore() }
            let configuration = try session.configuration()
            let progress = ImportProgress(reporter: session.reporter)
            let connection = try session.connect(.openlibrary, configuration: configuration, progress: progress.handle)
            let (source, covers) = (connection.source, connection.covers)
            guard let client = source as? OpenLibraryClient else { throw CommandFailure(.config, "covers for an export come from Open Library, which could not be set up") }
            let importer = ExportImporter(store: store, search: CoverSearch(client: client), covers: covers)
            let options = configuration.collageOptions(nightMode: session.preferences.nightMode)
            let wanted = count?.wanted ?? .max
            let outcomes: [ExportImporter.TagOutcome]
            do {
                defer { session.reporter.endProgress() }
                outcomes = try CommandFailure.checking {
                    try AsyncRun.run { try await connection.closing { try await importer.importTags(plans, count: wanted, collage: options, progress: { progress.handle(.importing($0)) }) } }
                }
            }
            for outcome in outcomes {
                session.reporter.warnMissingGlyphs(outcome.collage?.missingGlyphs)
                let name = Terminal.safe(outcome.name.display)
                if let refusal = outcome.refusal {
                    session.reporter.warn("\"\(name)\" was not stored: \(refusal)")
                } else if outcome.withoutCover > 0 {
                    session.reporter.warn("\"\(name)\": \(outcome.withoutCover) book\(outcome.withoutCover == 1 ? "" : "s") without a cover at Open Library left out")
                }
            }
            let stored = outcomes.filter { $0.tag != nil }
            guard !stored.isEmpty else { throw CommandFailure(.notFound, "no tag was stored: no book had a cover, or every tag's name is taken") }
            session.reporter.note("imported \(stored.count) tag\(stored.count == 1 ? "" : "s") from \(summary.rows) rows of \(file)")
            let report = Report(
                file: file, rows: summary.rows, malformedRows: summary.malformed,
                tags: outcomes.map { Report.Entry(tag: $0.tag?.name ?? $0.name.display, books: $0.books, withoutCover: $0.withoutCover, replaced: $0.replaced, collage: $0.collage?.file.path, refused: $0.refusal) })
            if json { return try JSONOutput.print(report) }
            let table = TextTable(
                headers: ["TAG", "BOOKS", "NO COVER", "", "COLLAGE"],
                rows: report.tags.filter { $0.refused == nil }.map { entry in
                    [Terminal.safe(entry.tag), String(entry.books), String(entry.withoutCover), entry.replaced ? "replaced" : "new", entry.collage ?? "—"]
                },
                flexibleColumns: [4, 0])
            print(table.render(width: Terminal.width, palette: session.palette))
        }
    }
}
