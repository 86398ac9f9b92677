import Foundation

/// `add`: a new tag gathered from a search or a reader's shelf, its collage drawn. Both faces
/// pass what the reader typed; the count and the source default here.
public struct AddTag: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore
    /// Where the collage is drawn.
    public let drawing: any BlockingWork

    /// The use case over `store`, in `workspace`, its collage drawn by `drawing`.
    public init(workspace: Workspace, store: BookStore, drawing: any BlockingWork = .inPlace) {
        self.workspace = workspace
        self.store = store
        self.drawing = drawing
    }

    /// What an add will do: nothing, for a tag that exists, or gather a new one.
    public enum Plan: Sendable {
        /// The tag is there; an add changes nothing.
        case existing(Tag)
        /// A new tag, from a search or a shelf.
        case new(name: TagName, origin: TagOrigin?)
    }

    /// Every rule of `request`, then whether the tag exists; no request goes out.
    public func plan(_ request: AddRequest) throws -> Plan {
        var request = request
        if request.source == .audiobookshelf, request.server == nil {
            try request.validate()
            request.server = try workspace.configuration().audiobookshelf.server
            guard request.server != nil else { throw AudiobookshelfError.noServer(file: workspace.configFile.path) }
        }
        let (name, origin) = try request.checked()
        if let existing = try store.tag(name) { return .existing(existing) }
        return .new(name: name, origin: origin)
    }

    /// How many books with covers an add of `request` gathers: the count asked, else `collage.count`.
    public static func wanted(_ request: AddRequest, configuration: BookTagConfiguration) -> Int {
        request.count?.wanted ?? configuration.collageCount
    }

    /// Gathers a new tag as planned, from `request`'s source (or the configured one), its collage
    /// drawn. Throws `StoreError.tagExists` when another booktag made it meanwhile.
    public func run(
        _ request: AddRequest, name: TagName, origin: TagOrigin?, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler? = nil
    ) async throws -> TagGathered {
        let wanted = Self.wanted(request, configuration: configuration)
        let kind =
            origin?.shelfSource
            ?? workspace.chooseSource(request.source, configuration: configuration, progress: progress)
        let outcome = try await workspace.makingTags(
            kind, origin: origin, store: store, drawing: drawing, configuration: configuration,
            nightMode: nightMode, progress: progress
        ) { maker, options, events in
            try await maker.add(name, count: wanted, origin: origin, collage: options, progress: events)
        }
        let report = TagResult(
            tag: outcome.tag, outcome: outcome, books: BookRow.rows(outcome.books, store: store),
            collage: outcome.collage?.file, wanted: min(wanted, outcome.books.count + outcome.gathering.shortfall))
        return TagGathered(outcome: outcome, report: report, wanted: wanted)
    }

    /// What an add that changed nothing answers: the tag as it is.
    public func existingReport(_ tag: Tag) throws -> TagResult {
        let maker = CollageMaker(store: store)
        let collage = maker.existingFormats(forKey: tag.key).first.map {
            maker.defaultFile(forKey: tag.key, format: $0)
        }
        return TagResult(
            tag: tag, outcome: nil, books: BookRow.rows(try store.books(of: TagName(tag.name)), store: store),
            collage: collage, wanted: tag.bookCount)
    }
}
