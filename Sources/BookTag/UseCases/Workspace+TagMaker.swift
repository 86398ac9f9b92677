extension Workspace {
    /// Runs `work` with a tag maker over the source (its events into `progress`) and the collage
    /// options as configured; the network's connections are closed however it ends.
    func makingTags<Outcome: Sendable>(
        _ kind: SourceKind, origin: TagOrigin?, store: BookStore, drawing: any BlockingWork,
        configuration: BookTagConfiguration, nightMode: Bool, progress: ProgressHandler?,
        _ work:
            @escaping @Sendable (TagMaker, CollageOptions, @escaping @Sendable (GatheringEvent) -> Void) async throws
            -> Outcome
    ) async throws -> Outcome {
        let connection = try connect(
            kind, shelf: origin != nil, server: origin?.audiobookshelfServer, configuration: configuration,
            progress: progress)
        var maker = TagMaker(store: store, gatherer: Gatherer(source: connection.source, covers: connection.covers))
        maker.drawing = drawing
        maker.collageRenderer = limits.collageRenderer
        let options = configuration.collageOptions(nightMode: nightMode)
        let events: @Sendable (GatheringEvent) -> Void = { progress?(.gathering($0)) }
        let made = maker
        return try await connection.closing { try await work(made, options, events) }
    }
}
