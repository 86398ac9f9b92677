import Foundation

/// `reroll`: a tag's books replaced by those of a random other page of its source, its collage
/// drawn again as it was last drawn.
public struct RerollTag: Sendable {
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

    /// The tag a reroll works on; one from a library export cannot be gathered for.
    public func check(_ name: TagName) throws -> Tag {
        let tag = try store.existingTag(name)
        if let origin = tag.origin, origin.isExport { throw GatheringError.notGatherable(origin: origin) }
        return tag
    }

    /// How many books a reroll of `tag` gathers: the count asked, else as many as it has and at
    /// least `collage.count`.
    public static func wanted(_ tag: Tag, count: Int?, configuration: BookTagConfiguration) -> Int {
        count ?? max(tag.bookCount, configuration.collageCount)
    }

    /// Replaces `tag`'s books with `count` (see `wanted`) books from a random other page.
    public func run(
        _ tag: Tag, count: Int? = nil, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler? = nil
    ) async throws -> TagGathered {
        let name = try TagName(tag.name)
        let wanted = Self.wanted(tag, count: count, configuration: configuration)
        let outcome = try await workspace.makingTags(
            tag.source, origin: tag.origin, store: store, drawing: drawing, configuration: configuration,
            nightMode: nightMode, progress: progress
        ) { maker, options, events in
            var generator = SystemRandomNumberGenerator()
            return try await maker.reroll(name, count: wanted, collage: options, using: &generator, progress: events)
        }
        let report = TagResult(
            tag: outcome.tag, outcome: outcome, books: BookRow.rows(outcome.books, store: store),
            collage: outcome.collage?.file, wanted: wanted)
        return TagGathered(outcome: outcome, report: report, wanted: wanted)
    }
}
