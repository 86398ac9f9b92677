import Foundation

/// The import use case: a reader's library export read, its tags planned, their covers found at
/// Open Library and downloaded, and each tag stored with its collage.
public struct ImportLibrary: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore

    /// The use case over `store`, in `workspace`.
    public init(workspace: Workspace, store: BookStore) {
        self.workspace = workspace
        self.store = store
    }

    /// An export read and planned, before any request: what `run` will store.
    public struct Plan: Sendable {
        /// What was asked.
        public let request: ImportRequest
        /// The service that wrote the file.
        public let format: LibraryFormat
        /// The rows read, and those skipped.
        public let summary: ExportReader.Summary
        /// The tags to make.
        public let tags: [ExportSelection.Plan]
    }

    /// Reads the export and plans its tags; refuses a file with no book, or a filter no book
    /// passes, before anything is asked or stored.
    public func plan(_ request: ImportRequest) throws -> Plan {
        try request.validate()
        let format: LibraryFormat
        let summary: LibraryCSV.Summary
        let selection: ExportSelection
        let rows: ExportRows
        var planner: ExportSelection.Planner
        do {
            format = try request.format ?? LibraryFormat.detect(request.file)
            var chosen = ExportSelection(
                format: format, shelf: request.shelf, year: request.year, tagName: request.tag, prefix: request.prefix)
            chosen.yearTags = request.yearTags
            selection = chosen
            // Each row goes to the scratch file as it is read; the plan keeps its position.
            var writer = try ExportRows.Writer(spillingIn: store.home.dataFolder)
            planner = ExportSelection.Planner(selection)
            summary = try format.read(request.file, scratch: store.home.dataFolder, books: request.booksFolder) { row in
                try writer.append(row)
                planner.add(row)
            }
            rows = writer.finish()
        } catch let error as ExportError {
            throw error.naming(request.file, as: request.fileName)
        }
        guard rows.count > 0 else { throw ExportError.noBooks(path: request.fileName, malformed: summary.malformed) }
        let tags = try planner.plans(of: rows)
        if selection.isFiltered, tags.allSatisfy({ $0.rows.isEmpty }) {
            let filters = [request.shelf.map { "on the shelf \($0)" }, request.year.map { "read in \($0)" }].compactMap
            { $0 }
            throw BookTagFailure(
                .notFound, "no book in \(request.fileName) is \(filters.joined(separator: " and ")); nothing was stored"
            )
        }
        try refuseClashes(tags, format: format)
        return Plan(request: request, format: format, summary: summary, tags: tags)
    }

    /// A tag from another source (a search, a subject, a shelf, another service's export) is
    /// never overwritten: one that an import would take refuses the whole import, naming every
    /// such tag, before anything is asked or stored. The same service's tags are replaced.
    private func refuseClashes(_ tags: [ExportSelection.Plan], format: LibraryFormat) throws {
        var clashes: [String] = []
        var example = ""
        for plan in tags {
            guard let existing = try store.tag(plan.name), existing.origin?.libraryFormat != format else { continue }
            clashes.append("\"\(existing.name)\" (\(existing.sourceDescription))")
            if example.isEmpty { example = plan.name.display }
        }
        guard !clashes.isEmpty else { return }
        let names =
            clashes.count == 1 ? "the tag \(clashes[0]) exists" : "the tags \(clashes.joined(separator: ", ")) exist"
        throw BookTagFailure(
            .usage, "\(names) from another source; nothing was imported",
            advice: .prefixTheTags(format: format.listingName, example: example))
    }

    /// Stores the planned tags; at least one must be stored.
    public func run(
        _ plan: Plan, configuration: BookTagConfiguration, nightMode: Bool, progress: ProgressHandler? = nil
    ) async throws -> (outcomes: [ExportImporter.TagOutcome], report: ImportReport) {
        let connection = try workspace.connect(.openlibrary, configuration: configuration, progress: progress)
        guard let client = connection.source as? OpenLibraryClient else {
            throw BookTagFailure(.config, "covers for an export come from Open Library, which could not be set up")
        }
        var limited = ExportImporter(store: store, search: CoverSearch(client: client), covers: connection.covers)
        limited.keep(to: workspace.limits)
        let importer = limited
        let options = configuration.collageOptions(nightMode: nightMode)
        let wanted = plan.request.count?.wanted ?? .max
        let outcomes = try await connection.closing {
            try await importer.importTags(
                plan.tags, count: wanted, collage: options, progress: { progress?(.importing($0)) })
        }
        guard outcomes.contains(where: { $0.tag != nil }) else {
            throw BookTagFailure(.notFound, "no tag was stored: no book had a cover, or every tag's name is taken")
        }
        return (outcomes, ImportReport(file: plan.request.fileName, summary: plan.summary, outcomes: outcomes))
    }
}
