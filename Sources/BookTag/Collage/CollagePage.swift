import Foundation

/// The HTML collage: one self-contained page, a grid that adapts to the window, each cover
/// opening a panel (`<details>`, so no script is needed) with the book's details.
///
/// Every string from the API is escaped, descriptions go through `HTMLSanitizer.safeHTML`, and a
/// Content-Security-Policy forbids script and any load from elsewhere.
public struct CollagePage: Sendable {
    /// One book of the page: its card and its details.
    public struct Book: Sendable {
        /// The title, escaped on the page.
        public var title: String
        /// The first author.
        public var author: String?
        /// The publication year.
        public var year: Int?
        /// The average rating.
        public var rating: Double?
        /// Untrusted HTML, sanitised here.
        public var descriptionHTML: String?
        /// What the `<img>` loads: a relative path or a `data:` URL.
        public var imageSource: String?

        /// A book with its description (sanitised here) and its cover's `src` (a relative path or a `data:` URL).
        public init(
            title: String, author: String?, year: Int?, rating: Double?, descriptionHTML: String?, imageSource: String?
        ) {
            self.title = title
            self.author = author
            self.year = year
            self.rating = rating
            self.descriptionHTML = descriptionHTML
            self.imageSource = imageSource
        }
    }

    /// No script, no plug-ins, images only from the page's folder or inline: a description's markup can load or run nothing.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// The page's heading and title.
    public var title: String
    /// In collage order.
    public var books: [Book]
    /// Day, night, or a reader's background.
    public var theme: CollageTheme
    /// Covers per row on a wide screen, as in the image; narrow screens get fewer.
    public var columns: Int
    /// Where the books come from ("books from Open Library"), shown under the title.
    public var credit: String?
    /// The gallery page (`index.html` beside this one) to link back to, when there is one.
    public var gallery: String?
    /// `false` with `--no-title`: no heading over the covers (the window title stays).
    public var showsHeading: Bool
    /// With `--stats`: the numbers over the covers and the charts as inline SVG (drawn, no script).
    public var stats: TagStats?
    /// The language of the page's own words (`lang`, the count, the links); the numbers' follow
    /// `stats`.
    public var words = Words.english

    /// A tag's page; `gallery` (a relative path) adds a link back to the gallery.
    public init(
        title: String, books: [Book], theme: CollageTheme, columns: Int = 4, credit: String? = nil,
        gallery: String? = nil, showsHeading: Bool = true,
        stats: TagStats? = nil, words: Words = .english
    ) {
        self.words = words
        self.stats = stats
        self.title = title
        self.credit = credit
        self.books = books
        self.theme = theme
        self.columns = max(1, min(columns, 12))
        self.gallery = gallery
        self.showsHeading = showsHeading
    }

    /// The whole document.
    public func html() -> String {
        let header = """
            \(gallery.map { "<nav><a href=\"\(RelativePath.encoded($0).htmlEscaped)\">\(words("← all tags").htmlEscaped)</a></nav>" } ?? "")\
            \(showsHeading ? "<h1>\(title.htmlEscaped)</h1>" : "")\
            <p>\(words.plural("%s book", "%s books", books.count).htmlEscaped)\(credit.map { " · \($0.htmlEscaped)" } ?? "")</p>
            """
        return CollageDocument(
            title: title, language: words.language.code, style: style, header: header,
            preface: stats.map(statsSection) ?? "", main: books.map(card).joined()
        ).html()
    }

    private func statsSection(_ stats: TagStats) -> String {
        var section =
            "<section class=\"stats\" aria-label=\"numbers\">\n<p class=\"headline\">\(stats.headline.htmlEscaped)</p>\n"
        if let highlights = stats.highlights { section += "<p class=\"facts\">\(highlights.htmlEscaped)</p>\n" }
        if let goal = stats.goal { section += Self.goal(goal, words: stats.words) }
        if let notes = stats.yearNotes { section += "<p class=\"facts\">\(notes.htmlEscaped)</p>\n" }
        if let calendar = stats.calendar { section += CalendarSVG.figure(calendar, words: stats.words) }
        for chart in stats.charts { section += Self.svg(chart) }
        return section + "</section>\n"
    }

    /// The goal's words and its bar (a `<progress>` of books done, full once reached). Public so
    /// that serve's year page says and draws it as the poster does.
    public static func goal(_ goal: GoalProgress, words: Words = .english) -> String {
        let done = min(goal.booksDone, goal.books)
        let label = words.plural(
            "%1$s of %2$s book", "%1$s of %2$s books", goal.books, words.number(goal.booksDone),
            words.number(goal.books))
        return """
            <p class="goal">\(goal.words(in: words).htmlEscaped)</p>
            <progress class="goal" max="\(goal.books)" value="\(done)" aria-label="\(label.htmlEscaped)">\(goal.percent) %</progress>

            """
    }

    /// A bar chart as inline SVG: a bar, its count over it and its label under it per value,
    /// and the whole in words for screen readers. Public so that other pages (`booktag serve`)
    /// draw a tag's charts the same way.
    public static func svg(_ chart: (title: String, labels: [String], counts: [Int])) -> String {
        let slot = 24
        let top = 18
        let barHeight = 80
        let width = slot * chart.counts.count
        let largest = max(1, chart.counts.max() ?? 1)
        let words = zip(chart.labels.indices, chart.counts).map { index, count in
            "\(chart.labels[index].isEmpty ? String(index) : chart.labels[index]) \(count)"
        }.joined(separator: ", ")
        var svg = "<figure><figcaption>\(chart.title.htmlEscaped)</figcaption>"
        svg +=
            "<svg width=\"\(width * 3 / 2)\" viewBox=\"0 0 \(width) \(top + barHeight + 18)\" role=\"img\" aria-label=\"\(chart.title.htmlEscaped): \(words.htmlEscaped)\">"
        for (index, count) in chart.counts.enumerated() {
            let height = count == 0 ? 0 : max(2, barHeight * count / largest)
            let x = index * slot
            svg +=
                "<rect x=\"\(x + 4)\" y=\"\(top + barHeight - height)\" width=\"\(slot - 8)\" height=\"\(height)\"></rect>"
            if count > 0, chart.counts.count <= 12 {
                svg += "<text x=\"\(x + slot / 2)\" y=\"\(top + barHeight - height - 4)\">\(count)</text>"
            }
            svg +=
                "<text class=\"label\" x=\"\(x + slot / 2)\" y=\"\(top + barHeight + 14)\">\(chart.labels[index].htmlEscaped)</text>"
        }
        return svg + "</svg></figure>\n"
    }

    private func card(_ book: Book) -> String {
        let title = book.title.htmlEscaped
        let cover =
            book.imageSource.map { "<img src=\"\($0.htmlEscaped)\" alt=\"\(title)\" loading=\"lazy\">" }
            ?? "<span class=\"tile\">\(title)</span>"
        var facts: [String] = []
        if let author = book.author { facts.append(author.htmlEscaped) }
        if let year = book.year { facts.append(String(year)) }
        if let rating = book.rating { facts.append("★ " + words.decimal(rating)) }
        let description = book.descriptionHTML.map(HTMLSanitizer.safeHTML(fromHTML:)).flatMap { $0.isEmpty ? nil : $0 }
        return """
            <details>
            <summary>\(cover)</summary>
            <section class="panel">
            <h2>\(title)</h2>
            <p class="facts">\(facts.joined(separator: " · "))</p>
            \(description.map { "<div class=\"description\">\($0)</div>" } ?? "<p class=\"facts\">\(words("No description kept for this book.").htmlEscaped)</p>")
            </section>
            </details>

            """
    }

    private var style: String {
        """
        :root { --background: \(theme.background.hex); --text: \(theme.text.hex); --muted: \(theme.secondaryText.hex); --tile: \(theme.tile.hex); --accent: \(theme.accent.hex); }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px; background: var(--background); color: var(--text); font: 16px/1.5 system-ui, sans-serif; }
        header { border-bottom: 2px solid var(--accent); margin-bottom: 24px; }
        h1 { margin: 0; font-size: 28px; }
        nav a { color: var(--accent); font-size: 14px; }
        header p { margin: 4px 0 12px; color: var(--muted); }
        main { display: grid; grid-template-columns: repeat(\(columns), minmax(0, 1fr)); gap: 16px; align-items: start; max-width: \(columns * 220)px; }
        @media (max-width: \(columns * 180)px) { main { grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); } }
        details { background: var(--tile); border-radius: 6px; overflow: hidden; }
        summary { list-style: none; cursor: pointer; aspect-ratio: 2 / 3; display: flex; align-items: center; justify-content: center; }
        summary::-webkit-details-marker { display: none; }
        summary img { width: 100%; height: 100%; object-fit: contain; display: block; }
        .tile { padding: 12px; text-align: center; color: var(--muted); }
        details[open] { grid-column: span 2; }
        .panel { padding: 12px 16px 16px; }
        .panel h2 { font-size: 18px; margin: 0 0 4px; }
        .facts { color: var(--muted); margin: 0 0 8px; font-size: 14px; }
        .description { font-size: 15px; }
        .description a { color: var(--accent); }
        .stats { display: flex; flex-wrap: wrap; gap: 8px 32px; align-items: end; margin-bottom: 24px; }
        .stats p { flex-basis: 100%; margin: 0; }
        .stats .headline { font-size: 22px; font-weight: 600; }
        progress.goal { display: block; flex-basis: 100%; width: 100%; max-width: 40em; height: 10px; accent-color: var(--accent); }
        .stats figure { margin: 0; max-width: 100%; }
        .stats figcaption { color: var(--muted); font-size: 14px; }
        .stats svg { max-width: 100%; height: auto; display: block; }
        .stats rect { fill: var(--accent); }
        .stats text { fill: var(--text); font-size: 11px; text-anchor: middle; }
        .stats text.label { fill: var(--muted); }
        \(CalendarSVG.style)
        """
    }
}
