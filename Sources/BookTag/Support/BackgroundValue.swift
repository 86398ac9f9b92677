import Dispatch

/// A value worked out on another core while the caller does something else, then taken: two
/// short, independent steps (reading the collages folder while the store answers, opening the
/// store while the arguments are parsed) that one core would do one after the other.
package final class BackgroundValue<Value: Sendable>: Sendable {
    private let value = Locked<Value?>(nil)
    private let done = DispatchGroup()

    /// Starts `work` on another core at once.
    package init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let worked = work()
            value.withLock { $0 = worked }
            done.leave()
        }
    }

    /// Waits for the value and hands it over; `nil` to a second taker.
    package func take() -> Value? {
        done.wait()
        return value.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
