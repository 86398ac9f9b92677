import Foundation

/// `drop`: books taken out of a tag, its collages drawn again; with `replace`, each place is
/// refilled from the tag's source. Without it nothing goes over the network.
public struct DropBooks: Sendable {
    /// The home, its settings and sources.
    public let workspace: Workspace
    /// The home's store.
    public let store: BookStore
    /// Where the collages are drawn.
    public let drawing: any BlockingWork

    /// The use case over `store`, in `workspace`, its collages drawn by `drawing`.
    public init(workspace: Workspace, store: BookStore, drawing: any BlockingWork = .inPlace) {
        self.workspace = workspace
        self.store = store
        self.drawing = drawing
    }

    /// The tag a drop works on, once `request` passes its rules; one from a library export
    /// cannot be refilled.
    public func check(_ name: TagName, _ request: DropRequest) throws -> Tag {
        try request.validate()
        let tag = try store.existingTag(name)
        if request.replace, tag.origin?.isExport == true { throw DropError.cannotReplaceExport(tag: tag.name) }
        return tag
    }

    /// Takes `request`'s books out of `tag`.
    public func run(
        _ tag: Tag, _ request: DropRequest, configuration: BookTagConfiguration, nightMode: Bool,
        progress: ProgressHandler? = nil
    ) async throws -> (outcome: TagMaker.DropOutcome, report: DropReport) {
        try request.validate()
        let name = try TagName(tag.name)
        let outcome: TagMaker.DropOutcome
        if request.replace {
            outcome = try await workspace.makingTags(
                tag.source, origin: tag.origin, store: store, drawing: drawing, configuration: configuration,
                nightMode: nightMode, progress: progress
            ) { maker, options, events in
                try await maker.drop(name, books: request.books, replace: true, collage: options, progress: events)
            }
        } else {
            outcome = try await TagMaker.drop(
                name, books: request.books, from: store, refillingFrom: nil,
                collage: configuration.collageOptions(nightMode: nightMode), drawing: drawing,
                renderer: workspace.limits.collageRenderer)
        }
        return (outcome, DropReport(outcome, store: store))
    }
}
