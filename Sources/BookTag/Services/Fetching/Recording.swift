import Foundation

/// The format shared by `RecordingTransport` and `ReplayTransport`: a folder holding
/// `index.json`, API answers as readable files under `api/`, and images under `covers/`.
/// The API key appears nowhere in it: URLs, headers and bodies carry `REDACTED` instead.
public enum Recording {
    /// The recording's index of requests to files.
    public static let indexFileName = "index.json"
    /// What stands for the key in recorded URLs and bodies.
    public static let redacted = "REDACTED"

    struct Index: Codable {
        var format = 1
        var note: String?
        var entries: [Entry] = []
    }

    struct Entry: Codable {
        /// The request, as `key(for:)` writes it.
        var url: String
        var kind: HTTPRequest.Kind
        var status: Int
        var headers: [String: String]
        /// Relative to the recording folder.
        var file: String
    }

    /// How a request is looked up: its URL with the key redacted and the query sorted.
    public static func key(for url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        components.percentEncodedQueryItems = components.percentEncodedQueryItems?
            .map { $0.name == "key" ? URLQueryItem(name: "key", value: redacted) : $0 }
            .sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
        components.fragment = nil
        return components.string ?? url.absoluteString
    }

    /// How a request is looked up: a GET by its URL as above; a POST (a GraphQL query) by its URL
    /// and a digest of its body, so that each query and page of one endpoint is its own entry.
    /// Headers are never part of it: they may carry a token.
    public static func key(for request: HTTPRequest) -> String {
        let url = key(for: request.url)
        guard request.method != "GET" else { return url }
        return "\(request.method) \(url) \(SHA256Digest.hex(of: request.body ?? Data(), prefix: 16))"
    }

    /// Whether `file` is a plain relative path inside the recording (`api/x.xml`, `covers/y.png`).
    static func isSafeFile(_ file: String) -> Bool {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "api" || parts[0] == "covers", !parts[1].isEmpty, !parts[1].hasPrefix(".")
        else {
            return false
        }
        return parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }
}
