import Foundation

/// A text field as Open Library sends it: a plain string, or `{"type": "/type/text", "value": …}`.
/// Usually plain text with Markdown-style markup; now and then it carries HTML (`<b>`, `<a>`,
/// even `<script>`), which goes through the same sanitiser as Goodreads' descriptions.
struct OpenLibraryText: Decodable, Equatable, Sendable {
    var value: String

    private enum CodingKeys: String, CodingKey { case value }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            value = text
        } else {
            value = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .value)
        }
    }

    init(_ value: String) {
        self.value = value
    }

    /// The text as HTML for `BookDetails.descriptionHTML`, which every output sanitises (plain
    /// text in the terminal, a few safe tags in pages): a text with HTML tags goes as HTML for the
    /// sanitiser to judge, any other is escaped whole; Markdown links reduced to their words, blank
    /// lines as paragraphs and line breaks kept.
    var html: String? {
        var text = value.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        // [words](https://…) → words; a bare reference list ("[1]: https://…") is dropped.
        text = text.replacingOccurrences(of: #"\[([^\]\n]*)\]\([^)\s]*\)"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"(?m)^\[\d+\]:\s*\S+\s*$"#, with: "", options: .regularExpression)
        // Quote markers at line starts.
        text = text.replacingOccurrences(of: #"(?m)^>\s?"#, with: "", options: .regularExpression)
        let paragraphs = text.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && !$0.allSatisfy { $0 == "-" } }
        guard !paragraphs.isEmpty else { return nil }
        let markup = value.range(of: Self.htmlTag, options: .regularExpression) != nil
        return paragraphs.map { paragraph in
            "<p>" + (markup ? paragraph : paragraph.htmlEscaped).replacingOccurrences(of: "\n", with: "<br>") + "</p>"
        }.joined(separator: "\n")
    }

    /// An HTML element's tag, opening or closing, or a comment: what says the text is HTML.
    private static let htmlTag = #"</?[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?>|<!--"#
}
