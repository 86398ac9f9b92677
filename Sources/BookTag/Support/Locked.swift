import Foundation

/// A value shared between threads, reached only while holding its lock.
///
/// booktag's own instead of `Synchronization.Mutex` because ThreadSanitizer does not see
/// `Mutex`'s locking on Swift 6.3 for Linux: every value behind one is reported as a race, so the
/// concurrent suites could not be run under TSan at all. This is a pthread mutex (through
/// `NSLock`), which TSan understands; the cost is one allocation per lock.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: consuming sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while no other thread can reach it.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
