import Foundation

/// Makes the HTML in Goodreads descriptions safe, in two forms: plain text for a terminal and
/// a tiny, inert subset of HTML for the collage page.
///
/// Input is parsed by libxml2's HTML parser, not matched with patterns, so malformed,
/// entity-encoded and nested tricks are seen the way a browser sees them. Both encodings Goodreads
/// uses (raw HTML in CDATA, and HTML escaped as text) arrive here as the same HTML source,
/// because the XML layer has already decoded one level.
public enum HTMLSanitizer {
    /// Elements whose content is never shown: code, styling, embedded documents and widgets.
    static let droppedWithContent: Set<String> = [
        "script", "style", "template", "noscript", "iframe", "object", "embed", "applet", "svg",
        "math", "head", "title", "textarea", "select", "xmp", "noembed", "noframes", "frameset",
        "frame", "canvas", "audio", "video", "picture", "map", "base", "link", "meta", "button",
    ]

    /// Elements that end a paragraph in plain text and a line in safe HTML.
    static let blockElements: Set<String> = [
        "p", "div", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt",
        "dd", "table", "tr", "pre", "section", "article", "header", "footer", "hr", "address",
        "figure", "figcaption",
    ]

    /// The only elements the safe HTML keeps; every attribute except a vetted `href` goes.
    static let allowedElements: Set<String> = ["p", "br", "b", "i", "em", "strong", "a"]

    /// Readable text: entities decoded, `<br>` as a line break, paragraphs separated by a blank
    /// line, whitespace runs collapsed, script and style content dropped, link text kept.
    public static func plainText(fromHTML html: String) -> String {
        var text = PlainTextBuilder()
        HTMLFragment(html).walk { event in
            switch event {
            case .enter(let name, _):
                if droppedWithContent.contains(name) { return false }
                if name == "br" {
                    text.lineBreak()
                } else if name == "li" || name == "tr" || name == "dt" || name == "dd" {
                    text.lineBreak(paragraph: false)
                } else if blockElements.contains(name) {
                    text.lineBreak(paragraph: true)
                }
            case .text(let content):
                text.append(TextCleaning.clean(content))
            case .leave(let name):
                if blockElements.contains(name) {
                    text.lineBreak(paragraph: name != "li" && name != "tr" && name != "dt" && name != "dd")
                }
            }
            return true
        }
        return text.result
    }

    /// HTML that keeps only `p`, `br`, `b`, `i`, `em`, `strong`, and `a` with an http(s) `href`;
    /// every other tag is dropped (its text kept, escaped) and every other attribute removed.
    public static func safeHTML(fromHTML html: String) -> String {
        var output = ""
        var openLinks: [Bool] = []  // for each <a> entered: whether its start tag was written
        var endsWithBreak = true
        HTMLFragment(html).walk { event in
            switch event {
            case .enter(let name, let node):
                if droppedWithContent.contains(name) { return false }
                switch name {
                case "br":
                    output += "<br>"
                    endsWithBreak = true
                case "a":
                    let href = HTMLFragment.attribute("href", of: node).flatMap(safeLinkTarget)
                    if let href {
                        output += "<a href=\"\(href.htmlEscaped)\" rel=\"nofollow noopener noreferrer\">"
                    }
                    openLinks.append(href != nil)
                case _ where allowedElements.contains(name):
                    output += "<\(name)>"
                    endsWithBreak = name == "p"
                default:
                    break
                }
            case .text(let content):
                let cleaned = TextCleaning.clean(content)
                output += cleaned.htmlEscaped
                if cleaned.contains(where: { !$0.isWhitespace }) { endsWithBreak = false }
            case .leave(let name):
                if name == "a" {
                    if openLinks.popLast() == true { output += "</a>" }
                } else if name != "br", allowedElements.contains(name) {
                    output += "</\(name)>"
                    endsWithBreak = name == "p"
                } else if blockElements.contains(name), !endsWithBreak {
                    output += "<br>"
                    endsWithBreak = true
                }
            }
            return true
        }
        return tidyBreaks(output)
    }

    /// Removes `<br>` runs at either end and shortens longer runs to two, so dropped markup
    /// does not leave a ladder of empty lines.
    static func tidyBreaks(_ html: String) -> String {
        var result = html.replacing(/(?:\s*<br>){3,}/, with: "<br><br>")
        result = result.replacing(/^(?:\s*<br>)+/, with: "")
        result = result.replacing(/(?:<br>\s*)+$/, with: "")
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `href` if it is an absolute http or https URL with a host, else `nil`. The parser has
    /// already decoded entities, so `&#106;avascript:` arrives here as `javascript:`.
    static func safeLinkTarget(_ href: String) -> String? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }),
            let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        return trimmed
    }
}
