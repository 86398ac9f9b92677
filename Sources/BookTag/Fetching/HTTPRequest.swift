import Foundation

/// One GET that booktag makes, and what kind it is: API calls are throttled and recorded as
/// XML; cover downloads are neither throttled nor parsed.
public struct HTTPRequest: Sendable, Hashable {
    public enum Kind: String, Sendable, Codable { case api, cover }

    public var url: URL
    public var kind: Kind
    /// Seconds without progress before the request fails.
    public var timeout: TimeInterval

    public init(url: URL, kind: Kind, timeout: TimeInterval = 20) {
        self.url = url
        self.kind = kind
        self.timeout = timeout
    }
}

/// A complete response: status, headers (names lower-cased) and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// Something that answers GET requests: the network, a recording, or a test double.
public protocol HTTPTransport: Sendable {
    func get(_ request: HTTPRequest) async throws -> HTTPResponse
}
