import Foundation

/// Time as the throttle and retries see it, injected so tests take no real time.
public protocol ThrottleClock: Sendable {
    /// Seconds on a clock that every process on this machine shares.
    func now() -> Double
    /// Waits; throws when the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// `CLOCK_MONOTONIC`: shared by all processes on the machine and never set back.
public struct SystemClock: ThrottleClock {
    /// The system's clock.
    public init() {}

    public func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits on `Task.sleep`.
    public func sleep(seconds: Double) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    }
}
