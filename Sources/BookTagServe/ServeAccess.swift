import BookTag
import Foundation
import Synchronization

/// Who may use a running `serve`: whoever holds the home's token, asking by the bound address
/// (a rebinding DNS name is refused), from a page of this server for any change.
final class ServeAccess: Sendable {
    /// 256 random bits, hex, kept in the home (`ServeToken`): printed in the first line on stdout.
    let token: String
    let host: String
    /// `--base-path` or `serve.basePath`: `""` or `/booktag`.
    let basePath: String
    /// `serve.trustedProxies`: whose `X-Forwarded-*` headers are believed.
    let trustedProxies: [AddressRange]
    private let boundPort: Atomic<Int>

    init(host: String, port: Int, token: String, settings: ServeSettings = ServeSettings()) {
        self.host = host
        boundPort = Atomic(port)
        self.token = token
        basePath = settings.basePath
        trustedProxies = settings.trustedProxies
    }

    /// Whether `peer` (the connection's address) is a proxy named in `serve.trustedProxies`.
    func trusts(_ peer: String) -> Bool { trustedProxies.contains { $0.contains(peer) } }

    /// The port asked for, then the one bound (`--port 0` picks one).
    var port: Int {
        get { boundPort.load(ordering: .acquiring) }
        set { boundPort.store(newValue, ordering: .releasing) }
    }

    /// `words` × 64 random bits from the system's generator, as hex.
    static func randomHex(words: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<words).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Per port: two servers on one machine do not overwrite each other's cookie.
    var cookieName: String { "booktag-\(port)" }

    var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.") }
    var isWildcard: Bool { host == "0.0.0.0" || host == "::" }

    /// The address to open, token included.
    var address: String { addressWithoutToken + "?token=\(token)" }

    /// The address, for saying where the server is without handing out access.
    var addressWithoutToken: String {
        "http://\(Self.hostPart(host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host)):\(port)\(basePath)/"
    }

    /// The `Host` header's names this server answers to: the bound address, `localhost` and
    /// `127.0.0.1` for a loopback bind, and for a wildcard bind any IP literal at any port (a
    /// DNS rebinding attack needs a name).
    func allows(host header: String) -> Bool {
        guard let (name, port) = Self.split(header.lowercased()) else { return false }
        // A wildcard bind is reached through a mapping as often as not (a container's published
        // port, a NAS's forward), so any port; a rebinding name is refused all the same.
        if isWildcard { return name == "localhost" || Self.isIPLiteral(name) }
        guard port == self.port else { return false }
        if isLoopback, ["127.0.0.1", "localhost", "::1"].contains(name) { return true }
        return name == host.lowercased()
    }

    /// The origins a change may come from: `http://` and an allowed host that is the one the
    /// request was sent to (`requestHost`, its `Host`; a page of another port on the same machine
    /// is another origin), or through a trusted proxy the origin it forwarded.
    func allows(origin: String, at address: PublicAddress = PublicAddress(), requestHost: String?) -> Bool {
        if let forwarded = address.forwardedOrigin { return origin.lowercased() == forwarded }
        guard origin.hasPrefix("http://"), let requestHost else { return false }
        let named = String(origin.dropFirst(7))
        guard allows(host: named), let page = Self.split(named.lowercased()),
            let asked = Self.split(requestHost.lowercased())
        else { return false }
        return page == asked
    }

    /// The token matches, compared in constant time.
    func accepts(_ candidate: Substring) -> Bool {
        let given = Array(candidate.utf8)
        let wanted = Array(token.utf8)
        guard given.count == wanted.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given, wanted) { difference |= a ^ b }
        return difference == 0
    }

    /// `name:port` or `[v6]:port` (the port left out: 80).
    static func split(_ value: String) -> (String, Int)? {
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let name = String(value[value.index(after: value.startIndex)..<close])
            let rest = value[value.index(after: close)...]
            if rest.isEmpty { return (name, 80) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (value, 80)
        case 2: return Int(parts[1]).map { (String(parts[0]), $0) }
        default: return nil
        }
    }

    static func isIPLiteral(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    static func hostPart(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }
}
