import Foundation

/// The tag use cases both faces call: add, reroll, drop and remove. Each checks its request,
/// connects the tag's source, draws the collage as configured, and answers with the report both
/// faces show; the faces only word the outcome and the errors.
public struct TagOperations: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore

    /// Operations on `store`, in `workspace`.
    public init(workspace: Workspace, store: BookStore) {
        self.workspace = workspace
        self.store = store
    }

    /// What an add will do: nothing, for a tag that exists, or gather a new one.
    public enum AddPlan: Sendable {
        /// The tag is there; an add changes nothing.
        case existing(Tag)
        /// A new tag, from a search or a shelf.
        case new(name: TagName, origin: TagOrigin?)
    }

    /// A gathering's outcome and its report.
    public struct Gathered: Sendable {
        /// What the library did.
        public let outcome: TagLibrary.Outcome
        /// What both faces show.
        public let report: TagResult
        /// How many books with covers were wanted.
        public let wanted: Int
    }

    /// Every rule of `request`, then whether the tag exists; no request goes out.
    public func plan(_ request: AddRequest) throws -> AddPlan {
        let (name, origin) = try request.checked()
        if let existing = try store.tag(name) { return .existing(existing) }
        return .new(name: name, origin: origin)
    }

    /// Gathers a new tag as planned: from `request`'s source (or the configured one), `count`
    /// books with covers (default `collage.count`), its collage drawn. Throws
    /// `StoreError.tagExists` when another booktag made it meanwhile.
    public func add(
        _ request: AddRequest, name: TagName, origin: TagOrigin?, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler? = nil
    ) async throws -> Gathered {
        let wanted = request.count?.wanted ?? configuration.collageCount
        let kind =
            origin?.shelfSource
            ?? workspace.chooseSource(request.source, configuration: configuration, progress: progress)
        let outcome = try await gathering(
            kind, shelf: origin != nil, configuration: configuration, nightMode: nightMode, progress: progress
        ) {
            library, options, events in
            try await library.add(name, count: wanted, origin: origin, collage: options, progress: events)
        }
        let report = TagResult(
            tag: outcome.tag, outcome: outcome, books: rows(outcome.books), collage: outcome.collage?.file,
            wanted: min(wanted, outcome.books.count + outcome.gathering.shortfall))
        return Gathered(outcome: outcome, report: report, wanted: wanted)
    }

    /// What an add that changed nothing answers: the tag as it is.
    public func existingReport(_ tag: Tag) throws -> TagResult {
        let maker = CollageMaker(store: store)
        let collage = maker.existingFormats(forKey: tag.key).first.map {
            maker.defaultFile(forKey: tag.key, format: $0)
        }
        return TagResult(
            tag: tag, outcome: nil, books: rows(try store.books(of: TagName(tag.name))), collage: collage,
            wanted: tag.bookCount)
    }

    /// The tag a reroll works on; one from a library export cannot be gathered for.
    public func tagToReroll(_ name: TagName) throws -> Tag {
        let tag = try store.existingTag(name)
        if let origin = tag.origin, origin.isExport { throw GatheringError.notGatherable(origin: origin) }
        return tag
    }

    /// The tag a drop works on, once `request` passes its rules; one from a library export
    /// cannot be refilled.
    public func tagToDrop(_ name: TagName, _ request: DropRequest) throws -> Tag {
        try request.validate()
        let tag = try store.existingTag(name)
        if request.replace, tag.origin?.isExport == true { throw DropError.cannotReplaceExport(tag: tag.name) }
        return tag
    }

    /// Replaces `tag`'s books with `count` (default: as many as it has, at least `collage.count`)
    /// books from a random other page of its source.
    public func reroll(
        _ tag: Tag, count: Int? = nil, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler? = nil
    ) async throws -> Gathered {
        let name = try TagName(tag.name)
        let wanted = count ?? max(tag.bookCount, configuration.collageCount)
        let outcome = try await gathering(
            tag.source, shelf: tag.origin != nil, configuration: configuration, nightMode: nightMode, progress: progress
        ) {
            library, options, events in
            var generator = SystemRandomNumberGenerator()
            return try await library.reroll(name, count: wanted, collage: options, using: &generator, progress: events)
        }
        let report = TagResult(
            tag: outcome.tag, outcome: outcome, books: rows(outcome.books), collage: outcome.collage?.file,
            wanted: wanted)
        return Gathered(outcome: outcome, report: report, wanted: wanted)
    }

    /// Takes `request`'s books out of `tag` and draws its collages again; with `replace`, each
    /// place is refilled from the tag's source. Without it nothing goes over the network.
    public func drop(
        _ tag: Tag, _ request: DropRequest, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler? = nil
    ) async throws -> (outcome: TagLibrary.DropOutcome, report: DropReport) {
        try request.validate()
        let name = try TagName(tag.name)
        let outcome: TagLibrary.DropOutcome
        if request.replace {
            outcome = try await gathering(
                tag.source, shelf: tag.origin != nil, configuration: configuration, nightMode: nightMode,
                progress: progress
            ) {
                library, options, events in
                try await library.drop(name, books: request.books, replace: true, collage: options, progress: events)
            }
        } else {
            let options = configuration.collageOptions(nightMode: nightMode)
            outcome = try await TagLibrary.drop(
                name, books: request.books, from: store, refillingFrom: nil, collage: options)
        }
        return (outcome, DropReport(outcome, store: store))
    }

    /// Deletes the tag, its books, the cover files no other book uses, and its collages; answers
    /// its name as it was spelt.
    public func remove(_ name: TagName, nightMode: Bool) throws -> String {
        let display = try store.existingTag(name).name
        try store.removeTag(name)
        CollageMaker(store: store).removeCollages(forKey: name.key, theme: .forNightMode(nightMode))
        return display
    }

    /// The tag's books as both faces show them.
    public func rows(_ books: [TagBookEntry]) -> [BookRow] {
        books.map { BookRow($0, store: store) }
    }

    /// Runs `work` with a library over the source (its events into `progress`) and the collage
    /// options as configured; the network's connections are closed however it ends.
    private func gathering<Outcome: Sendable>(
        _ kind: SourceKind, shelf: Bool, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler?,
        _ work:
            @escaping @Sendable (TagLibrary, CollageOptions, @escaping @Sendable (GatheringEvent) -> Void) async throws
            -> Outcome
    ) async throws -> Outcome {
        let connection = try workspace.connect(kind, shelf: shelf, configuration: configuration, progress: progress)
        let library = TagLibrary(store: store, gatherer: Gatherer(source: connection.source, covers: connection.covers))
        let options = configuration.collageOptions(nightMode: nightMode)
        let events: @Sendable (GatheringEvent) -> Void = { progress?(.gathering($0)) }
        return try await connection.closing { try await work(library, options, events) }
    }
}
