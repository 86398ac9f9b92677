import Foundation

/// Runs blocking work (waiting for a process, reading a pipe to its end) on a thread of its
/// own and awaits its result.
///
/// Swift's concurrency pool has one thread per core: two here. Tests run in parallel on it, so
/// two tests that block a pool thread each would stall every other test meanwhile, and any test
/// that measures time in-process would see the stall.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// `offThePool` for work that cannot throw.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
