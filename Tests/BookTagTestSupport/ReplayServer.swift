import BookTag
import Foundation

/// Serves a booktag recording (`fixtures/replay`, `fixtures/openlibrary-replay`) over HTTP on
/// 127.0.0.1, so the real binary can be run against it (`BOOKTAG_BASE_URL`, or
/// `openlibrary.baseURL`): API answers are looked up as the recording keys them under `origin`
/// (Goodreads' with its `key` parameter), image hosts in the answers are rewritten to
/// `/_/<host>/…` on this server, and so are redirects. `override` may answer any request
/// itself, to inject faults.
public final class ReplayServer: Sendable {
    public let server: LoopbackServer
    private let port = Locked<UInt16>(0)

    public init(
        recording: URL, origin: String = "https://www.goodreads.com",
        override: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply? = { _ in nil }
    ) throws {
        let keyed = origin.contains("goodreads")
        let index =
            try JSONSerialization.jsonObject(with: Data(contentsOf: recording.appendingPathComponent("index.json")))
            as? [String: Any]
        var entries: [String: (status: Int, file: String, headers: [String: String])] = [:]
        for entry in index?["entries"] as? [[String: Any]] ?? [] {
            guard let url = entry["url"] as? String, let file = entry["file"] as? String,
                let status = entry["status"] as? Int
            else { continue }
            entries[Self.key(url)] = (status, file, entry["headers"] as? [String: String] ?? [:])
        }
        let portBox = Locked<UInt16>(0)
        let table = entries
        server = try LoopbackServer { request in
            if let reply = override(request) { return reply }
            let port = portBox.withLock { $0 }
            let original: String
            var query = request.query.filter { $0.key != "key" }.map { "\($0.key)=\($0.value)" }
            if request.path.hasPrefix("/_/") {
                original =
                    "https://" + request.path.dropFirst(3) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            } else {
                // Shelf feeds need no key, so none is recorded with them.
                if keyed, !request.path.hasPrefix("/review/list_rss/") { query.append("key=REDACTED") }
                original = "\(origin)\(request.path)?\(query.joined(separator: "&"))"
            }
            guard let entry = table[Self.key(original)],
                var body = try? Data(contentsOf: recording.appendingPathComponent(entry.file))
            else { return LoopbackServer.Reply(status: 404, body: Data("not in the recording".utf8)) }
            if !request.path.hasPrefix("/_/") {
                // Shelf feeds may come as UTF-16 with a byte-order mark: rewrite them in kind.
                let utf16 = body.starts(with: [0xFF, 0xFE])
                if var text = String(data: body, encoding: utf16 ? .utf16 : .utf8) {
                    text = text.replacingOccurrences(
                        of: #"https://([a-z0-9.-]*gr-assets\.com)/"#, with: "http://127.0.0.1:\(port)/_/$1/",
                        options: .regularExpression)
                    body =
                        utf16
                        ? Data([0xFF, 0xFE]) + (text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text).data(
                            using: .utf16LittleEndian)! : Data(text.utf8)
                }
            }
            var headers = entry.headers["content-type"].map { ["Content-Type": $0] } ?? [:]
            if let location = entry.headers["location"] {
                headers["Location"] = location.replacingOccurrences(of: origin, with: "http://127.0.0.1:\(port)")
            }
            return LoopbackServer.Reply(status: entry.status, headers: headers, body: body)
        }
        portBox.withLock { $0 = server.port }
        port.withLock { $0 = server.port }
    }

    public var baseURL: URL { server.baseURL }

    /// API requests so far (cover downloads left out), in arrival order.
    public var apiRequests: [LoopbackServer.Request] { server.requests.filter { !$0.path.hasPrefix("/_/") } }

    /// Cover downloads so far.
    public var coverRequests: [LoopbackServer.Request] { server.requests.filter { $0.path.hasPrefix("/_/") } }

    /// A URL with its query sorted and decoded, so that encodings do not matter.
    private static func key(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        let query = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted().joined(separator: "&")
        return "\(components.host ?? "")\(components.path)?\(query)"
    }
}
