import BookTag
import HTTPTypes
import Hummingbird

/// Where the reader's browser sees this server: the prefix a reverse proxy puts the app under,
/// and, through a trusted proxy, the origin the browser used. Every link, form, redirect and
/// cookie the server writes goes through it, so the app works at `/` and under `/booktag/` alike.
struct PublicAddress: Sendable {
    /// `""` at the root, else `/booktag` (no trailing slash).
    var base = ""
    /// `https` when a trusted proxy says it terminated TLS: cookies are then `Secure`.
    var scheme = "http"
    /// The host the browser asked for (`X-Forwarded-Host`, else the proxy's `Host`), when a
    /// trusted proxy forwarded the request; nil for a browser talking to the server directly.
    var forwardedHost: String?

    /// `path` (from the app's root, starting with `/`) as the browser must ask for it.
    func path(_ path: String) -> String { base + path }

    /// The cookie's path: the app's pages only.
    var cookiePath: String { base.isEmpty ? "/" : base }

    var isSecure: Bool { scheme == "https" }

    /// The origin a change from the app's own pages names, when a proxy said what it is.
    var forwardedOrigin: String? { forwardedHost.map { "\(scheme)://\($0.lowercased())" } }

    /// The origin the browser asked `request` at (`https://books.example.org`): a trusted proxy's
    /// host, else the request's own, which `HostMiddleware` already held to the bound address.
    func origin(of request: Request) -> String {
        "\(scheme)://\((forwardedHost ?? request.head.authority ?? "127.0.0.1").lowercased())"
    }
}

extension ServeAccess {
    /// Where `request`'s browser sees the server: from a trusted proxy its `X-Forwarded-Prefix`,
    /// `-Host` and `-Proto` are believed (400 when they are malformed or no host is named), from
    /// anyone else they are ignored.
    func place(_ request: Request, from peer: String?) throws(ServeError) -> PublicAddress {
        var address = PublicAddress(base: basePath)
        if let peer, trusts(peer) {
            if let prefix = Self.first(request.headers[.xForwardedPrefix]) {
                guard let base = ServeSettings.basePath(prefix) else {
                    throw ServeError(.badRequest, "the proxy's X-Forwarded-Prefix is not a path such as /booktag")
                }
                address.base = base
            }
            if let proto = Self.first(request.headers[.xForwardedProto])?.lowercased() {
                guard proto == "http" || proto == "https" else {
                    throw ServeError(.badRequest, "the proxy's X-Forwarded-Proto is neither http nor https")
                }
                address.scheme = proto
            }
            guard let host = Self.first(request.headers[.xForwardedHost]) ?? request.head.authority, !host.isEmpty,
                Self.split(host.lowercased()) != nil, !host.contains(where: { $0 == "/" || $0 == "@" || $0 == " " })
            else {
                throw ServeError(
                    .badRequest, "the proxy sent no usable Host: have it pass the browser's Host or X-Forwarded-Host")
            }
            address.forwardedHost = host
        }
        return address
    }

    /// The first of a header's comma-separated values (a chain of proxies adds one each).
    private static func first(_ value: String?) -> String? {
        guard let value else { return nil }
        let first = value.split(separator: ",", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
        return first?.isEmpty == false ? first : nil
    }

    /// `request` with `base` taken off the front of its path (`/booktag` alone is the root).
    static func removing(_ base: String, from request: Request) -> Request {
        guard !base.isEmpty, let path = request.head.path, path.hasPrefix(base) else { return request }
        let rest = path.dropFirst(base.count)
        guard rest.isEmpty || rest.first == "/" || rest.first == "?" else { return request }
        var head = request.head
        head.path = rest.first == "/" ? String(rest) : "/" + rest
        return Request(head: head, body: request.body)
    }
}

extension HTTPField.Name {
    static let xForwardedPrefix = Self("X-Forwarded-Prefix")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
    static let xForwardedHost = Self("X-Forwarded-Host")!
}
