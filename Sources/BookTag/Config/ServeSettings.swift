import Foundation

/// `serve.*` in config.json: where a reverse proxy puts the app, and which proxies may say so.
public struct ServeSettings: Equatable, Sendable {
    /// `serve.basePath` (or `--base-path`): the sub-path the app lives under behind a proxy
    /// (`/booktag`), without a trailing slash; empty at the root.
    public var basePath = ""
    /// `serve.trustedProxies`: the addresses whose `X-Forwarded-*` headers are believed; from any
    /// other address they are ignored, so a browser cannot claim another origin or prefix.
    public var trustedProxies: [AddressRange] = []

    /// The defaults: at the root, no proxy trusted.
    public init() {}

    /// A base path as a person writes it (`/booktag`, `/booktag/`), made canonical (`/booktag`;
    /// `/` is the root, ""), or nil when it is not one path of plain segments under the root.
    public static func basePath(_ text: String) -> String? {
        guard text.hasPrefix("/") else { return nil }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let trimmed = segments.last == "" ? segments.dropLast() : segments[...]
        guard
            trimmed.allSatisfy({ segment in
                !segment.isEmpty && segment != "." && segment != ".."
                    && segment.unicodeScalars.allSatisfy { Self.isPathCharacter($0) }
            })
        else { return nil }
        return trimmed.isEmpty ? "" : "/" + trimmed.joined(separator: "/")
    }

    /// What a base path may hold: RFC 3986's unreserved characters and sub-delimiters but `;`
    /// and `,`, `:` and `@`, and percent-escapes; nothing that changes a URL's meaning or needs
    /// escaping in HTML (`<`, `"`, `'`, `&`, `?`, `#`, `\`, spaces, controls).
    private static func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~", "!", "$", "(", ")", "*", "+", "=", ":", "@", "%":
            true
        default: false
        }
    }
}

/// One address or a CIDR range of them, IPv4 or IPv6 (`127.0.0.1`, `172.16.0.0/12`, `::1`).
public struct AddressRange: Equatable, Sendable, CustomStringConvertible {
    /// The network's bytes (4 or 16).
    let bytes: [UInt8]
    /// How many leading bits must match.
    let prefixLength: Int

    /// Parses `text`, or nil when it is not an address with an optional `/bits`.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let bytes = Self.addressBytes(String(parts[0])) else { return nil }
        let bits = bytes.count * 8
        if parts.count == 2 {
            guard parts[1].allSatisfy({ ("0"..."9").contains($0) }), let length = Int(parts[1]),
                (0...bits).contains(length)
            else {
                return nil
            }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        self.bytes = bytes
    }

    /// Whether `address` (an IP address as text) is in the range. An IPv4 address written as
    /// IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket reports it) counts as the IPv4 one.
    public func contains(_ address: String) -> Bool {
        guard var candidate = Self.addressBytes(address) else { return false }
        if candidate.count == 16, bytes.count == 4, candidate[0..<12] == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] {
            candidate = Array(candidate[12...])
        }
        guard candidate.count == bytes.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(candidate, bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            if a & mask != b & mask { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        bytes.withUnsafeBytes { raw in
            _ = inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, raw.baseAddress, &text, socklen_t(text.count))
        }
        let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return prefixLength == bytes.count * 8 ? address : "\(address)/\(prefixLength)"
    }

    private static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
