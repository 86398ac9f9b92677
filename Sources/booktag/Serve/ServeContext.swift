import Hummingbird

/// The context of one request to `serve`: Hummingbird's, with bodies capped.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: Source) {
        coreContext = .init(source: source)
    }

    /// Bodies are forms and small JSON documents: anything larger is refused (413).
    static let maximumBody = 64 * 1024
    var maxUploadSize: Int { Self.maximumBody }
}
