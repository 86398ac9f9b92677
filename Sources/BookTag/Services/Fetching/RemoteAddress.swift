import Foundation

/// An address a source sent (Hardcover's `image.url`, a BookWyrm cover or author URI), checked
/// before it is ever asked for: http or https only, and never this machine or a private network
/// (an address a stranger wrote must not reach a router's page), unless the source itself is on
/// loopback, as in tests.
enum RemoteAddress {
    /// `text` as a URL to download, or `nil` when it must not be.
    static func address(_ text: String?, sourceIsLoopback: Bool) -> String? {
        guard let text, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        if url.isLoopback { return sourceIsLoopback ? text : nil }
        return isPrivate(host) ? nil : text
    }

    /// An IP literal of a private, link-local, unspecified or unique-local range, or a name only
    /// this machine's network knows.
    static func isPrivate(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if [".local", ".internal", ".lan", ".home.arpa"].contains(where: bare.hasSuffix) || bare == "localhost" {
            return true
        }
        // A single label (`nas`) resolves only on the machine's own network.
        if !bare.isEmpty, !bare.contains("."), !bare.contains(":") { return true }
        if bare.contains(":") {
            let lower = bare.lowercased()
            return lower == "::" || lower == "::1" || lower.hasPrefix("fe80:") || lower.hasPrefix("fc")
                || lower.hasPrefix("fd") || lower.hasPrefix("::ffff:")
        }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        guard octets.count == 4, octets.allSatisfy({ $0 != nil }) else { return false }
        let (a, b) = (octets[0]!, octets[1]!)
        return a == 0 || a == 10 || a == 127 || (a == 169 && b == 254) || (a == 172 && (16...31).contains(b))
            || (a == 192 && b == 168) || (a == 100 && (64...127).contains(b))
    }
}
