import Foundation

/// `collages/index.html`: every tag with its book count, its source and a strip of its first
/// covers, each linking to the tag's own page (which links back). The same Content-Security-
/// Policy and escaping as `CollagePage`; the theme follows night mode.
struct CollageGallery: Sendable {
    static let baseName = "index"
    static let fileName = "index.html"
    /// Covers in each tag's strip.
    static let stripLength = 6

    struct Entry: Sendable {
        var name: String
        var books: Int
        /// Where the books come from, for people ("Open Library", "Goodreads shelf 12345/read").
        var source: String
        /// The tag's page, relative to the gallery.
        var page: String
        /// Covers for the strip, relative to the gallery.
        var covers: [String]
        /// The tag's headline numbers ("45 books · 14,023 pages · my stars 4.10").
        var headline: String? = nil
    }

    var entries: [Entry]
    var theme: CollageTheme
    var words = Words.english

    func html() -> String {
        var main = ""
        for entry in entries {
            let name = entry.name.htmlEscaped
            let strip = entry.covers.map { "<img src=\"\($0.htmlEscaped)\" alt=\"\" loading=\"lazy\">" }.joined()
            main += """
                <a class="tag" href="\(entry.page.htmlEscaped)">
                <h2>\(name)</h2>
                <p>\((entry.headline ?? words.plural("%s book", "%s books", entry.books)).htmlEscaped) · \(entry.source.htmlEscaped)</p>
                <div class="strip">\(strip)</div>
                </a>

                """
        }
        let title = words("Your tags")
        let header =
            "<h1>\(title.htmlEscaped)</h1><p>\(words.plural("%s tag", "%s tags", entries.count).htmlEscaped)</p>"
        return CollageDocument(
            title: title, language: words.language.code, style: style, header: header, main: main
        ).html()
    }

    private var style: String {
        """
        :root { --background: \(theme.background.hex); --text: \(theme.text.hex); --muted: \(theme.secondaryText.hex); --tile: \(theme.tile.hex); --accent: \(theme.accent.hex); }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px; background: var(--background); color: var(--text); font: 16px/1.5 system-ui, sans-serif; }
        header { border-bottom: 2px solid var(--accent); margin-bottom: 24px; }
        h1 { margin: 0; font-size: 28px; }
        header p { margin: 4px 0 12px; color: var(--muted); }
        main { display: grid; gap: 16px; max-width: 1100px; }
        a.tag { display: block; padding: 12px 16px; background: var(--tile); border-radius: 6px; color: inherit; text-decoration: none; }
        a.tag:hover, a.tag:focus { outline: 2px solid var(--accent); }
        h2 { margin: 0; font-size: 20px; }
        a.tag p { margin: 0 0 8px; color: var(--muted); font-size: 14px; }
        .strip { display: flex; gap: 8px; overflow: hidden; }
        .strip img { height: 120px; width: auto; border-radius: 3px; }
        """
    }
}
