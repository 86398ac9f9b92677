import Foundation

/// One request booktag makes, and what kind it is: API calls are throttled and recorded;
/// cover downloads are neither throttled nor parsed. Most are GETs; a GraphQL API is asked
/// with a POST whose body is the query.
public struct HTTPRequest: Sendable, Hashable {
    /// What a request is for: API calls go through the throttle and redact the key; covers do not.
    public enum Kind: String, Sendable, Codable {
        /// A call to a source's API.
        case api
        /// A cover image's download.
        case cover
    }

    /// Where to send it.
    public var url: URL
    /// An API call or a cover.
    public var kind: Kind
    /// Seconds the whole request may take, from the moment it is handed to the transport.
    public var timeout: TimeInterval
    /// `GET` or `POST`.
    public var method: String
    /// Headers the source adds (`Accept`, `Authorization`, `Content-Type`); the transport adds
    /// its User-Agent. Never recorded nor shown: they may carry a token.
    public var headers: [String: String]
    /// A POST's body.
    public var body: Data?

    /// A request; a GET unless a method and a body are given.
    public init(
        url: URL, kind: Kind, timeout: TimeInterval = 20, method: String = "GET", headers: [String: String] = [:],
        body: Data? = nil
    ) {
        self.url = url
        self.kind = kind
        self.timeout = timeout
        self.method = method
        self.headers = headers
        self.body = body
    }
}

/// A complete response: status, headers (names lower-cased) and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    /// The body, at most the transport's limit.
    public var body: Data

    /// A response (replays and test servers make them).
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// Something that answers requests: the network, a recording, or a test double.
///
/// API requests are not followed through redirects here: a redirect comes back as a 3xx
/// response, so that the caller can take each hop through the throttle. Cover downloads are
/// followed (to http and https only).
public protocol HTTPTransport: Sendable {
    /// Answers `request`. `sent` is called once, the moment the request has left this process
    /// (for the network: its head has been written to the connection). The throttle spaces
    /// those moments; a transport with no connection calls it before it answers.
    func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// Answers `request` when nobody needs to know when it left.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, sent: {})
    }
}
