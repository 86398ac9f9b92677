import BookTag
import NIOPosix

/// Where serve's blocking work runs, so that the threads answering requests (Swift's
/// concurrency pool: one per core) are never held by it. Store and file reads go to NIO's
/// shared thread pool; collages drawn on request go to a pool of their own, so that a few
/// large renders queue behind each other and never in front of a page or `/api/tags`.
struct ServeWork: Sendable {
    /// Draws collages on request: one thread per core, at most that many renders at once.
    let renders: NIOThreadPool

    /// NIO's shared pool for everything, for a router that is only tested in process.
    static let shared = ServeWork(renders: .singleton)

    /// A store or file read (or a small write): milliseconds, off the request threads.
    func read<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await NIOThreadPool.singleton.runIfActive(work)
    }

    /// The render pool, as the library's use cases take it for the collages their jobs draw.
    var renderPool: some BlockingWork { ThreadPoolWork(pool: renders) }

    /// A collage drawn: up to seconds of both cores, on the render pool.
    func render<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await renders.runIfActive(work)
    }
}
