import Foundation

/// How API calls are retried: 429 and 503 wait as long as `Retry-After` asks (capped); other
/// 5xx answers and timeouts back off exponentially with jitter; other 4xx are not retried; a
/// server that cannot be reached at all (offline) gets one quick try more.
public struct RetryPolicy: Sendable {
    /// Retries after the first try, for 5xx and timeouts.
    public var maximumRetries = 3
    /// The first back-off; each further one doubles.
    public var baseDelay: Double = 1.0
    /// The longest `Retry-After` honoured.
    public var maximumRetryAfter: Double = 60
    /// The pause before the one retry of a server that could not be reached.
    public var unreachableRetryDelay: Double = 0.25

    /// A policy; back-off doubles from `baseDelay`, and a longer `Retry-After` than `maximumRetryAfter` is an error.
    public init(maximumRetries: Int = 3, baseDelay: Double = 1.0, maximumRetryAfter: Double = 60) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// The back-off before retry number `attempt` (0-based): `base × 2^attempt`, plus up to half
    /// of that again at random so that several clients do not retry in step.
    public func backoff(attempt: Int, random: Double = Double.random(in: 0..<1)) -> Double {
        let delay = baseDelay * pow(2, Double(attempt))
        return delay + delay * 0.5 * random
    }

    /// The delay a `Retry-After` header asks for, in seconds (delta-seconds or an HTTP date),
    /// capped; `nil` when absent or unreadable.
    public func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 {
            return min(seconds, maximumRetryAfter)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), maximumRetryAfter)
    }
}
