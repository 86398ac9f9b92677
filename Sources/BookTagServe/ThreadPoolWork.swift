import BookTag
import NIOPosix

/// Blocking work on one of NIO's thread pools.
struct ThreadPoolWork: BlockingWork {
    let pool: NIOThreadPool

    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await pool.runIfActive(work)
    }
}
