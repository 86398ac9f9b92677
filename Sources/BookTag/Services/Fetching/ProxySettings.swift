import Foundation

/// The proxies a curl user has set: `https_proxy`/`HTTPS_PROXY` for https addresses,
/// `http_proxy` for http ones (lower case only, as curl), `all_proxy`/`ALL_PROXY` for either,
/// and `no_proxy`/`NO_PROXY` for the hosts reached directly.
public struct ProxySettings: Sendable, Equatable {
    /// A proxy server: an HTTP proxy (tunnelled with CONNECT) or a SOCKS5 one.
    public struct Server: Sendable, Hashable {
        /// The proxy's protocol.
        public enum Kind: Sendable, Hashable {
            /// An HTTP proxy (`CONNECT` for https).
            case http
            /// A SOCKS5 proxy.
            case socks5
        }
        /// HTTP or SOCKS5.
        public var kind: Kind
        /// The proxy's host.
        public var host: String
        /// The proxy's port.
        public var port: Int
        /// For proxy authentication.
        public var user: String?
        /// For proxy authentication; never shown.
        public var password: String?
    }

    /// For https URLs.
    public var https: Server?
    /// For http URLs.
    public var http: Server?
    /// Host names (and domain suffixes) reached without a proxy; `*` means every host.
    public var exceptions: [String]

    /// Proxies and the hosts reached directly (`no_proxy`'s forms).
    public init(https: Server? = nil, http: Server? = nil, exceptions: [String] = []) {
        self.https = https
        self.http = http
        self.exceptions = exceptions
    }

    /// The settings the environment gives. A variable that names no usable proxy is an error,
    /// rather than a silent direct connection.
    public init(environment: [String: String]) throws(FetchError) {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0]?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
        }
        func server(_ text: String?) throws(FetchError) -> Server? {
            guard let text else { return nil }
            return try Self.server(text)
        }
        let all = try server(value("all_proxy", "ALL_PROXY"))
        https = try server(value("https_proxy", "HTTPS_PROXY")) ?? all
        http = try server(value("http_proxy")) ?? all
        exceptions = (value("no_proxy", "NO_PROXY") ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty }
    }

    /// The proxy for `url`, or `nil` for a direct connection.
    public func server(for url: URL) -> Server? {
        guard let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else {
            return nil
        }
        for exception in exceptions {
            if exception == "*" { return nil }
            // "example.com" and ".example.com" both cover example.com and its subdomains; a port is ignored.
            let name =
                exception.split(separator: ":").first.map(String.init)?.trimmingCharacters(
                    in: CharacterSet(charactersIn: ".[]")) ?? ""
            if !name.isEmpty, host == name || host.hasSuffix("." + name) { return nil }
        }
        return url.scheme?.lowercased() == "https" ? https : http
    }

    /// `[scheme://][user[:password]@]host[:port]`, as curl reads it (port 1080 when none is given).
    static func server(_ text: String) throws(FetchError) -> Server {
        let withScheme = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            throw .other(
                "the proxy \"\(Self.shown(text))\" is not an address: set http_proxy/https_proxy to http://HOST:PORT")
        }
        let kind: Server.Kind
        switch components.scheme?.lowercased() {
        case "http": kind = .http
        case "socks5", "socks5h": kind = .socks5
        default:
            throw .other(
                "the proxy \"\(Self.shown(text))\" uses \(components.scheme ?? "?")://, which booktag does not speak: use http:// or socks5://"
            )
        }
        return Server(
            kind: kind, host: host, port: components.port ?? 1080,
            user: components.user?.removingPercentEncoding, password: components.password?.removingPercentEncoding)
    }

    /// A proxy setting as it may be shown: without its password.
    private static func shown(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let prefix = text[..<at]
        guard let colon = prefix.lastIndex(of: ":"), prefix[colon...].count > 1, !prefix[colon...].hasPrefix("://")
        else { return text }
        return text[..<colon] + ":***" + text[at...]
    }
}
