import Foundation

/// The Goodreads XML API as a `BookSource`: search, book by id, book by ISBN.
///
/// Every call goes through the throttle (unless there is none, as when replaying a recording)
/// and the retry policy. The key is sent in the query and appears nowhere else: every URL this
/// type reports or records has it redacted.
public struct GoodreadsClient: BookSource {
    public var baseURL: URL
    public var apiKey: String
    public var transport: any HTTPTransport
    /// `nil` turns throttling off (replays answer from disk).
    public var throttle: RequestThrottle?
    public var minimumRequestInterval: Double
    public var retryPolicy: RetryPolicy
    /// Seconds without an answer before a request fails (and is retried).
    public var requestTimeout: Double = 20
    /// Time for back-offs; the throttle's clock when there is a throttle.
    public var clock: any ThrottleClock
    /// Told whenever a call is about to wait for its turn or for a retry, with the seconds.
    public var onWait: @Sendable (_ seconds: Double, _ reason: WaitReason) -> Void
    /// Told of every API request, with its URL (key redacted), for `--verbose`.
    public var onRequest: @Sendable (_ redactedURL: String) -> Void

    public enum WaitReason: Sendable, Equatable { case throttle, retry }

    /// Goodreads answers search pages up to this one.
    public let maximumSearchPage = 100

    public init(
        baseURL: URL = URL(string: "https://www.goodreads.com")!, apiKey: String, transport: any HTTPTransport,
        throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0, retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, WaitReason) -> Void = { _, _ in },
        onRequest: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.transport = transport
        self.throttle = throttle
        self.minimumRequestInterval = minimumRequestInterval
        self.retryPolicy = retryPolicy
        self.clock = throttle?.clock ?? SystemClock()
        self.onWait = onWait
        self.onRequest = onRequest
    }

    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let body = try await call(path: "search/index.xml", query: [("q", query), ("page", String(page))])
        return try GoodreadsDecoder.searchPage(from: body)
    }

    public func book(id: Int) async throws -> BookDetails {
        try GoodreadsDecoder.book(from: try await call(path: "book/show/\(id).xml", query: []))
    }

    public func book(isbn: ISBN) async throws -> BookDetails {
        try GoodreadsDecoder.book(from: try await call(path: "book/isbn/\(isbn.isbn13)", query: [("format", "xml")]))
    }

    /// The URL of an API call; query values are percent-encoded strictly (a `+` or `&` in a tag
    /// stays part of the tag).
    func url(path: String, query: [(String, String)]) -> URL {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let items = ([("key", apiKey)] + query).map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        var base = baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        return URL(string: base + path + "?" + items.joined(separator: "&"))!
    }

    private func call(path: String, query: [(String, String)]) async throws -> Data {
        let url = url(path: path, query: query)
        let interval = RequestThrottle.interval(for: url, configured: minimumRequestInterval)
        var attempt = 0
        while true {
            if let throttle {
                try await throttle.waitForTurn(to: url, interval: interval) { onWait($0, .throttle) }
            }
            try Task.checkCancellation()
            onRequest(url.redactingAPIKey)
            let retryDelay: Double
            let finalError: FetchError
            do {
                let response = try await transport.get(HTTPRequest(url: url, kind: .api, timeout: requestTimeout))
                switch response.status {
                case 200..<300:
                    return response.body
                case 401:
                    throw FetchError.unauthorized
                case 404:
                    // Goodreads explains some 404s in an <error> body ("book not found").
                    if let explained = Self.apiError(in: response.body) { throw explained }
                    throw FetchError.notFound(url: url.redactingAPIKey)
                case 429, 503:
                    let asked = retryPolicy.retryAfter(response.headers["retry-after"])
                    retryDelay = asked ?? retryPolicy.backoff(attempt: attempt)
                    finalError = response.status == 429 ? .rateLimited(retryAfter: asked) : .serverError(status: 503, host: url.host ?? "Goodreads")
                case 500..<600:
                    retryDelay = retryPolicy.backoff(attempt: attempt)
                    finalError = .serverError(status: response.status, host: url.host ?? "Goodreads")
                default:
                    throw FetchError.httpStatus(status: response.status, url: url.redactingAPIKey)
                }
            } catch let error as FetchError where error.isTransient {
                retryDelay = retryPolicy.backoff(attempt: attempt)
                finalError = error
            }
            guard attempt < retryPolicy.maximumRetries else { throw finalError }
            onWait(retryDelay, .retry)
            try await clock.sleep(seconds: retryDelay)
            attempt += 1
        }
    }

    private static func apiError(in body: Data) -> GoodreadsError? {
        do {
            _ = try GoodreadsDecoder.responseElement(from: body)
            return nil
        } catch {
            if case .apiError = error { return error }
            return nil
        }
    }
}
