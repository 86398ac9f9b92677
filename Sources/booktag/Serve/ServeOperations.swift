import BookTag
import Foundation

/// What `serve` does to the home, the command line's way: the same store, throttle, source
/// choice, collage options and night mode, and the same JSON shapes as `--json`.
struct ServeOperations: Sendable {
    let session: Session
    let store: BookStore

    /// `POST /api/tags`'s body, and the add form's fields.
    struct AddRequest: Decodable, Sendable {
        var tag: String
        var count: Int?
        var source: SourceKind?
        /// A reader's shelf, `USER_ID[/SHELF]`.
        var shelf: String?
        var year: Int?
    }

    /// `POST /api/tags/{tag}/drop`'s body.
    struct DropRequest: Decodable, Sendable {
        var books: [String]
        var replace: Bool?
    }

    var nightMode: Bool { PreferencesStore(home: session.home).load().preferences.nightMode }

    func setNightMode(_ on: Bool) throws {
        let preferences = PreferencesStore(home: session.home)
        var current = preferences.load().preferences
        current.nightMode = on
        try preferences.save(current)
    }

    /// Checks an add before it becomes a job: the tag, the count, the shelf, the year.
    func checkedAdd(_ request: AddRequest) throws -> (name: TagName, origin: TagOrigin?, wanted: Int?) {
        let name = try TagName(request.tag)
        if let count = request.count, !(1...100).contains(count) { throw ServeError(.badRequest, "count must be between 1 and 100") }
        if request.year != nil, request.shelf == nil { throw ServeError(.badRequest, "a year needs a shelf") }
        if let year = request.year, !(1000...9999).contains(year) { throw ServeError(.badRequest, "the year must be a four-digit year such as 2025") }
        if request.shelf != nil, let source = request.source, source != .goodreads {
            throw ServeError(.badRequest, "a shelf is a Goodreads shelf: leave out the source")
        }
        let origin = try request.shelf.map { TagOrigin.shelf(try ShelfReference($0), year: request.year) }
        if let existing = try store.tag(name) {
            throw ServeError(.conflict, "\"\(existing.name)\" already exists with \(existing.bookCount) books: reroll picks other books")
        }
        return (name, origin, request.count)
    }

    func add(_ request: AddRequest, checked: (name: TagName, origin: TagOrigin?, wanted: Int?), report: @escaping @Sendable (JobRegistry.Event) -> Void) async throws -> JSONFragment {
        let configuration = try session.configuration()
        let wanted = checked.wanted ?? configuration.collageCount
        let kind = checked.origin == nil ? session.chooseSource(request.source, configuration: configuration) : .goodreads
        let outcome = try await gathering(from: kind, shelf: checked.origin != nil, wanted: wanted, configuration: configuration, report: report) {
            library, options, progress in
            try await library.add(checked.name, count: wanted, origin: checked.origin, collage: options, progress: progress)
        }
        return JSONFragment(TagResult(
            tag: outcome.tag, outcome: outcome, books: outcome.books.map { BookRow($0, store: store) }, collage: outcome.collage?.file,
            wanted: min(wanted, outcome.books.count + outcome.gathering.shortfall)))
    }

    /// The tag as it is, for reroll and drop: refused before a job starts when it cannot be.
    func existing(_ name: TagName, gathering: Bool) throws -> Tag {
        let tag = try store.existingTag(name)
        if gathering, let origin = tag.origin, origin.isExport { throw GatheringError.notGatherable(origin: origin) }
        return tag
    }

    func reroll(_ tag: Tag, report: @escaping @Sendable (JobRegistry.Event) -> Void) async throws -> JSONFragment {
        let name = try TagName(tag.name)
        let configuration = try session.configuration()
        let wanted = max(tag.bookCount, configuration.collageCount)
        let outcome = try await gathering(from: tag.source, shelf: tag.origin != nil, wanted: wanted, configuration: configuration, report: report) {
            library, options, progress in
            var generator = SystemRandomNumberGenerator()
            return try await library.reroll(name, count: wanted, collage: options, using: &generator, progress: progress)
        }
        return JSONFragment(TagResult(
            tag: outcome.tag, outcome: outcome, books: outcome.books.map { BookRow($0, store: store) }, collage: outcome.collage?.file, wanted: wanted))
    }

    func drop(_ tag: Tag, _ request: DropRequest, report: @escaping @Sendable (JobRegistry.Event) -> Void) async throws -> JSONFragment {
        let name = try TagName(tag.name)
        let configuration = try session.configuration()
        let outcome: TagLibrary.DropOutcome
        if request.replace == true {
            outcome = try await gathering(from: tag.source, shelf: tag.origin != nil, wanted: request.books.count, configuration: configuration, report: report) {
                library, options, progress in
                try await library.drop(name, books: request.books, replace: true, collage: options, progress: progress)
            }
        } else {
            // No source: nothing goes over the network.
            let options = configuration.collageOptions(nightMode: nightMode)
            outcome = try await TagLibrary.drop(name, books: request.books, from: store, refillingFrom: nil, collage: options)
        }
        return JSONFragment(BookTagCommand.Drop.Report(
            tag: outcome.tag.name, dropped: outcome.dropped.map { BookRow($0, store: store) }, replacements: outcome.replacements,
            unfilled: outcome.unfilled, books: outcome.books.map { BookRow($0, store: store) }, collages: outcome.collages.map(\.file.path)))
    }

    /// Runs `work` with a library over the source (its progress reported as the job's events)
    /// and the collage options as configured for the current night mode; the network's
    /// connections are closed however it ends.
    private func gathering<Outcome: Sendable>(
        from kind: SourceKind, shelf: Bool, wanted: Int, configuration: BookTagConfiguration,
        report: @escaping @Sendable (JobRegistry.Event) -> Void,
        _ work: @escaping @Sendable (TagLibrary, CollageOptions, @escaping @Sendable (GatheringEvent) -> Void) async throws -> Outcome
    ) async throws -> Outcome {
        let progress = JobProgress(wanted: wanted, report: report)
        let (source, covers, network) = try session.source(kind, shelf: shelf, configuration: configuration, progress: progress)
        let library = TagLibrary(store: store, gatherer: Gatherer(source: source, covers: covers))
        let options = configuration.collageOptions(nightMode: nightMode)
        return try await Session.closing(network) { try await work(library, options, progress.handle) }
    }

    /// `remove`: the tag, its books, the cover files no other book uses, its collages.
    func remove(_ name: TagName) throws {
        _ = try store.existingTag(name)
        _ = try BookTagCommand.Remove.remove(name, from: store, nightMode: nightMode)
    }
}
