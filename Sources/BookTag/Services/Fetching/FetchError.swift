import Foundation

/// Why a request got no usable answer. URLs in these errors never carry the API key.
public enum FetchError: BookTagError, Equatable {
    /// The host's name does not resolve, or it refuses connections.
    case cannotReach(host: String)
    /// No answer within the deadline, retries included.
    case timedOut(host: String)
    /// The connection closed before the answer was whole.
    case connectionLost(host: String)
    /// The answer passed `limit` bytes; it was cut off as it streamed.
    case bodyTooLarge(host: String, limit: Int)
    /// A redirect to something other than http(s).
    case unsafeRedirect(to: String)
    /// More than 5 redirects.
    case tooManyRedirects(host: String)
    /// 401: the key was refused.
    case unauthorized
    /// 404 (the URL with its key redacted).
    case notFound(url: String)
    /// The source asked to slow down longer than booktag waits.
    case rateLimited(retryAfter: TimeInterval?)
    /// A 5xx after the retries.
    case serverError(status: Int, host: String)
    /// Another status that is not success.
    case httpStatus(status: Int, url: String)
    /// A replay has no answer for this request.
    case notRecorded(url: String)
    /// A recording could not be read or written.
    case recording(String)
    /// Anything else the HTTP client reported.
    case other(String)
}

extension FetchError {
    /// Unreachable or unrecorded is the network's; a refusal or a bad answer is the source's.
    public var kind: BookTagFailure.Kind {
        switch self {
        case .cannotReach, .timedOut, .connectionLost, .notRecorded, .recording, .other: .network
        case .notFound: .notFound
        case .bodyTooLarge, .unsafeRedirect, .tooManyRedirects, .unauthorized, .rateLimited, .serverError, .httpStatus:
            .api
        }
    }

    /// What the reader can change.
    public var advice: Advice? {
        if case .notRecorded = self { return .recordAgain }
        return nil
    }

    public var errorDescription: String? {
        switch self {
        case .cannotReach(let host):
            "cannot reach \(host): are you online?"
        case .timedOut(let host):
            "\(host) did not answer in time: try again later"
        case .connectionLost(let host):
            "the connection to \(host) broke off: try again later"
        case .bodyTooLarge(let host, let limit):
            "\(host) sent more than \(limit / (1024 * 1024)) MiB; the answer was refused"
        case .unsafeRedirect(let target):
            "refused a redirect to \(target): only http and https are followed"
        case .tooManyRedirects(let host):
            "\(host) redirected more than \(HTTPRedirect.maximumHops) times; gave up"
        case .unauthorized:
            "Goodreads refused the API key (HTTP 401): set goodreads.apiKey in config.json or BOOKTAG_API_KEY to a valid key"
        case .notFound(let url):
            "not found (HTTP 404): \(url)"
        case .rateLimited(let retryAfter?):
            "Goodreads is limiting requests (HTTP 429); it asked to wait \(Int(retryAfter)) s: try again later"
        case .rateLimited(nil):
            "Goodreads is limiting requests (HTTP 429): try again later"
        case .serverError(let status, let host):
            "\(host) failed (HTTP \(status)) after several tries: try again later"
        case .httpStatus(let status, let url):
            "unexpected HTTP \(status) for \(url)"
        case .notRecorded(let url):
            "the recording has no answer for \(url)"
        case .recording(let message):
            "recording: \(message)"
        case .other(let message):
            message
        }
    }
}

extension FetchError {
    /// Failures worth another try: the server or the path to it may recover.
    /// Nothing reached the server (the name did not resolve, the connection was refused).
    var isUnreachable: Bool {
        if case .cannotReach = self { return true }
        return false
    }

    var isTransient: Bool {
        switch self {
        case .timedOut, .connectionLost: true
        default: false
        }
    }
}

/// Showing URLs without the key.
extension URL {
    /// The URL as it may be shown or stored: the `key` query parameter replaced by `REDACTED`.
    public var redactingAPIKey: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false),
            let items = components.queryItems
        else {
            return absoluteString
        }
        components.queryItems = items.map { $0.name == "key" ? URLQueryItem(name: "key", value: "REDACTED") : $0 }
        return components.url?.absoluteString ?? absoluteString
    }

    /// Whether the host is this machine (127.0.0.0/8, ::1, localhost): only such hosts may be
    /// called faster than once a second, for tests.
    public var isLoopback: Bool {
        guard let host = host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        // Only a literal IPv4 address in 127.0.0.0/8; "127.0.0.1.example.com" is a name.
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4,
            octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil })
        else {
            return false
        }
        return octets[0] == "127"
    }
}
