import Foundation

/// A first look at a response body, before any parser sees it.
enum BodySniffer {
    enum Kind: Equatable {
        /// Not markup at all; carries a terminal-safe first line.
        case text(preview: String)
        /// An HTML page.
        case html
        /// Something that may be XML.
        case markup
    }

    static func kind(of data: Data) -> Kind {
        data.withUnsafeBytes { raw in
            let body = XMLDocument.skippingLeadingWhitespace(raw)
            guard let first = body.first else { return .markup }  // empty: XMLDocument reports it
            guard first == UInt8(ascii: "<") else {
                let line = body.prefix(400).split(separator: 0x0A, maxSplits: 1).first ?? []
                return .text(preview: printable(String(decoding: line, as: UTF8.self), limit: 120))
            }
            let head = String(decoding: body.prefix(15), as: UTF8.self).lowercased()
            if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") {
                return .html
            }
            return .markup
        }
    }

    /// `text` with control characters (terminal escapes among them) replaced and its length
    /// capped, so a server's words can be quoted in an error line safely.
    static func printable(_ text: String, limit: Int) -> String {
        var result = ""
        for character in text.trimmingCharacters(in: .whitespacesAndNewlines) {
            if result.count == limit {
                result += "…"
                break
            }
            let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            result.append(isControl ? " " : character)
        }
        return result
    }
}
