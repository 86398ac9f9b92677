import Foundation

/// Makes one API call the way every source must: through the throttle, one hop of a redirect
/// at a time (each hop is an API request of its own), with 429 and 503 waiting as long as
/// `Retry-After` asks and other 5xx answers and timeouts retried with back-off.
///
/// It answers with the final response, a success or a client error, for the source to read.
public struct APICaller: Sendable {
    /// Why a call waits, for progress lines.
    public enum WaitReason: Sendable, Equatable {
        /// For its turn: the previous API request to the host was sent too recently.
        case throttle
        /// Before trying again after a 5xx, a timeout or a `Retry-After`.
        case retry
    }

    /// How a source says "too many requests", and whether it may be retried without being told
    /// when. Goodreads: 429, backed off. Open Library: 403 or 429, retried only as long as
    /// `Retry-After` asks, else reported at once (it asks clients to stop, not to hammer).
    public struct RateLimitRule: Sendable, Equatable {
        /// The HTTP statuses that mean "slow down".
        public var statuses: Set<Int>
        /// Whether such an answer without `Retry-After` is retried with back-off (else it is an error at once).
        public var backsOffWithoutRetryAfter: Bool

        /// A source's rule.
        public init(statuses: Set<Int>, backsOffWithoutRetryAfter: Bool) {
            self.statuses = statuses
            self.backsOffWithoutRetryAfter = backsOffWithoutRetryAfter
        }

        /// Goodreads: 429, backed off.
        public static let goodreads = RateLimitRule(statuses: [429], backsOffWithoutRetryAfter: true)
        /// Open Library: 403 or 429, waited out only when `Retry-After` says how long.
        public static let openLibrary = RateLimitRule(statuses: [403, 429], backsOffWithoutRetryAfter: false)
    }

    /// Where requests go: the network, a recording or a replay.
    public var transport: any HTTPTransport
    /// `nil` turns throttling off (replays answer from disk).
    public var throttle: RequestThrottle?
    /// Seconds between two API requests to one host, across processes sharing the throttle.
    public var minimumRequestInterval: Double
    /// How often and how long to retry.
    public var retryPolicy: RetryPolicy
    /// Seconds a request may take before it fails (and is retried).
    public var requestTimeout: Double
    /// Time for back-offs; the throttle's clock when there is a throttle.
    public var clock: any ThrottleClock
    /// Told whenever a call is about to wait for its turn or for a retry, with the seconds.
    public var onWait: @Sendable (_ seconds: Double, _ reason: WaitReason) -> Void
    /// Told of every API request, with its URL (key redacted), for `--verbose`.
    public var onRequest: @Sendable (_ redactedURL: String) -> Void

    /// A caller; `clock` defaults to the throttle's, else the system's.
    public init(
        transport: any HTTPTransport, throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0,
        retryPolicy: RetryPolicy = RetryPolicy(), requestTimeout: Double = 20, clock: (any ThrottleClock)? = nil,
        onWait: @escaping @Sendable (Double, WaitReason) -> Void = { _, _ in },
        onRequest: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.transport = transport
        self.throttle = throttle
        self.minimumRequestInterval = minimumRequestInterval
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.clock = clock ?? throttle?.clock ?? SystemClock()
        self.onWait = onWait
        self.onRequest = onRequest
    }

    /// A retry's worth of failure: what to report if no retry is left, and how long to wait.
    private struct Failure {
        var error: any Error
        /// `nil`: not worth retrying.
        var delay: Double?
    }

    /// GETs `url`, following redirects and retrying as above. `rateLimited` is the error for a
    /// rate limit that outlasts the retries (each source words its own). `headers` go with every
    /// hop; with `httpsOnly`, a redirect to plain http is refused (but to a loopback host, for tests);
    /// with `confinedTo`, a redirect to any other host or port (headers carrying a token must not
    /// leave the server they are for).
    public func get(
        _ url: URL, headers: [String: String] = [:], rateLimit: RateLimitRule = .goodreads,
        httpsOnly: Bool = false, confinedTo server: URL? = nil,
        rateLimited: (_ retryAfter: Double?) -> any Error = { FetchError.rateLimited(retryAfter: $0) }
    ) async throws -> HTTPResponse {
        try await call(
            HTTPRequest(url: url, kind: .api, timeout: requestTimeout, headers: headers), followsRedirects: true,
            rateLimit: rateLimit, httpsOnly: httpsOnly, confinedTo: server, rateLimited: rateLimited)
    }

    /// POSTs `body` to `url` (a GraphQL API), throttled and retried as a GET; a redirect is
    /// answered, not followed.
    public func post(
        _ url: URL, body: Data, headers: [String: String], rateLimit: RateLimitRule = .goodreads,
        rateLimited: (_ retryAfter: Double?) -> any Error = { FetchError.rateLimited(retryAfter: $0) }
    ) async throws -> HTTPResponse {
        try await call(
            HTTPRequest(url: url, kind: .api, timeout: requestTimeout, method: "POST", headers: headers, body: body),
            followsRedirects: false, rateLimit: rateLimit, httpsOnly: true, confinedTo: nil, rateLimited: rateLimited)
    }

    private func call(
        _ first: HTTPRequest, followsRedirects: Bool, rateLimit: RateLimitRule, httpsOnly: Bool,
        confinedTo server: URL?,
        rateLimited: (_ retryAfter: Double?) -> any Error
    ) async throws -> HTTPResponse {
        var request = first
        var attempt = 0
        var hops = 0
        while true {
            let failure: Failure
            do {
                let response = try await send(request)
                if followsRedirects, let target = try HTTPRedirect.target(of: response, from: request.url) {
                    hops += 1
                    guard hops <= HTTPRedirect.maximumHops else {
                        throw FetchError.tooManyRedirects(host: request.url.host ?? "the server")
                    }
                    guard !httpsOnly || target.scheme == "https" || target.isLoopback else {
                        throw FetchError.unsafeRedirect(to: target.redactingAPIKey)
                    }
                    if let server,
                        target.host?.lowercased() != server.host?.lowercased() || target.port != server.port
                            || target.scheme != server.scheme
                    {
                        throw FetchError.unsafeRedirect(to: target.redactingAPIKey)
                    }
                    request.url = target
                    continue
                }
                let asked = retryPolicy.retryAfter(response.headers["retry-after"])
                switch response.status {
                case let status where rateLimit.statuses.contains(status):
                    failure = Failure(
                        error: rateLimited(asked),
                        delay: asked
                            ?? (rateLimit.backsOffWithoutRetryAfter ? retryPolicy.backoff(attempt: attempt) : nil))
                case 503:
                    failure = Failure(
                        error: FetchError.serverError(status: 503, host: request.url.host ?? "the server"),
                        delay: asked ?? retryPolicy.backoff(attempt: attempt))
                case 500..<600:
                    failure = Failure(
                        error: FetchError.serverError(status: response.status, host: request.url.host ?? "the server"),
                        delay: retryPolicy.backoff(attempt: attempt))
                default:
                    return response
                }
            } catch let error as FetchError where error.isUnreachable {
                failure = Failure(error: error, delay: attempt == 0 ? retryPolicy.unreachableRetryDelay : nil)
            } catch let error as FetchError where error.isTransient {
                failure = Failure(error: error, delay: retryPolicy.backoff(attempt: attempt))
            }
            guard attempt < retryPolicy.maximumRetries, let delay = failure.delay else { throw failure.error }
            onWait(delay, .retry)
            try await clock.sleep(seconds: delay)
            attempt += 1
        }
    }

    /// One request, in its turn.
    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = request.url
        guard let throttle else {
            try Task.checkCancellation()
            onRequest(url.redactingAPIKey)
            return try await transport.send(request)
        }
        let interval = RequestThrottle.interval(for: url, configured: minimumRequestInterval)
        let willWait: (Double) -> Void = { onWait($0, .throttle) }
        return try await throttle.withTurn(to: url, interval: interval, willWait: willWait) { sent in
            try Task.checkCancellation()
            onRequest(url.redactingAPIKey)
            return try await transport.send(request, sent: sent)
        }
    }
}
