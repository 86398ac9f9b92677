import BookTag
import Foundation

extension ServePages {
    /// Collage sizes offered to share or download on a tag's page, the story poster first.
    static let downloadSizes = ["story", "square", "phone", "wallpaper", "4k"]

    private static var downloadOptions: String {
        downloadSizes.map { name in
            let size = CollageSize.presets.first { $0.key == name }.map { " (\($0.value))" } ?? ""
            return "<option value=\"\(name)\">\(name)\(size)</option>"
        }.joined()
    }

    private static var printOptions: String {
        PrintQuery.papers.map { name in
            // "A3 (297×420 mm)", "60×90 cm".
            var label = name.replacingOccurrences(of: "x", with: "×").replacingOccurrences(of: "cm", with: " cm")
            if name.hasPrefix("a"), let paper = PrintPaper(named: name) {
                let width = Int(paper.widthMillimetres)
                let height = Int(paper.heightMillimetres)
                label = "\(name.uppercased()) (\(width)×\(height) mm)"
            }
            return "<option value=\"\(name)\">\(label)</option>"
        }.joined()
    }

    /// `/tags/{tag}`: the collage as a page, its covers first as a photo app shows a picture (each
    /// cover links to its book, with a drop form), then the tag's numbers and charts, its goal,
    /// reroll, downloads of the image at a preset, the print, and its share link (`sharedAt`, its
    /// absolute address, when it has one).
    static func tagPage(
        tag: Tag, books: [TagBookEntry], stats: TagStats?, job: JobRegistry.Snapshot?,
        progress: [Int: BookRow.Progress] = [:], sharedAt: String? = nil, frame: Frame
    ) -> String {
        let words = frame.words
        let path = frame.tagPath(tag.name)
        let busy = job?.state == .running
        let canGather = !(tag.origin?.isExport ?? false)
        var body = """
            <nav><a href="\(frame.path("/").htmlEscaped)">\(words("← All tags").htmlEscaped)</a></nav>
            <h1>\(tag.name.htmlEscaped)</h1>
            <p class="facts">\(words.plural("%1$s book from %2$s", "%1$s books from %2$s", books.count, words.number(books.count), tag.sourceDescription(in: words)).htmlEscaped)</p>
            \(jobSection(job, frame: frame))
            <ul class="collage">

            """
        for entry in books {
            let book = entry.book
            let facts = bookFacts(book, words: words)
            let cover = coverDescription(title: book.title, author: book.authorName, words: words)
            body += """
                <li>
                <a href="\(frame.bookPath(book.bookID).htmlEscaped)"><img src="\(frame.coverPath(book.coverPath).htmlEscaped)" alt="\(cover.htmlEscaped)" loading="lazy"></a>
                <p class="title"><a href="\(frame.bookPath(book.bookID).htmlEscaped)">\(book.title.htmlEscaped)</a></p>
                <p class="facts">\(facts)</p>
                \(progress[book.position + 1].map { readingProgress($0, title: book.title, words: words) } ?? "")
                <form method="post" action="\((path + "/drop").htmlEscaped)" class="drop">
                <input type="hidden" name="book" value="\(book.bookID.value.htmlEscaped)">
                \(canGather ? "<label><input type=\"checkbox\" name=\"replace\" value=\"1\" checked> \(words("replace").htmlEscaped)</label>" : "")
                <button type="submit"\(busy ? " disabled" : "") aria-label="\(words("Drop %s", book.title).htmlEscaped)">\(words("Drop").htmlEscaped)</button>
                </form>
                </li>

                """
        }
        body += "</ul>\n"
        if let stats {
            body += statsSection(stats, words: words) + goalSection(stats, path: path, words: words)
        }
        body += actions(path: path, api: frame.apiTagPath(tag.name), canGather: canGather, busy: busy, words: words)
        body += shareLinkSection(sharedAt, path: path, words: words)
        return document(title: tag.name, frame: frame, back: ServePages.tagPath(tag.name), refresh: busy, body: body)
    }

    /// A tag's numbers and charts, in `words`' language: the tag page's and a share link's.
    static func statsSection(_ stats: TagStats, words: Words) -> String {
        var html =
            "<section class=\"stats\" aria-label=\"\(words("numbers").htmlEscaped)\">\n<p class=\"headline\">\(stats.headline.htmlEscaped)</p>\n"
        if let highlights = stats.highlights { html += "<p class=\"facts\">\(highlights.htmlEscaped)</p>\n" }
        if let habits = stats.habits { html += "<p class=\"facts habits\">\(habits.htmlEscaped)</p>\n" }
        if let notes = stats.yearNotes { html += "<p class=\"facts\">\(notes.htmlEscaped)</p>\n" }
        if let calendar = stats.calendar { html += CalendarSVG.figure(calendar, words: words) }
        return html + "<div class=\"charts\">" + stats.charts.map(CollagePage.svg).joined() + "</div>\n</section>\n"
    }

    /// Reroll, the image to share or download, and the print.
    private static func actions(path: String, api: String, canGather: Bool, busy: Bool, words: Words) -> String {
        var html = "<section class=\"actions\" aria-label=\"\(words("actions").htmlEscaped)\">\n"
        if canGather {
            html += """
                <form method="post" action="\((path + "/reroll").htmlEscaped)"><button type="submit"\(busy ? " disabled" : "")>\(words("Reroll: other books").htmlEscaped)</button></form>

                """
        }
        return html + """
            </section>
            <section class="share" aria-labelledby="share-heading">
            <h2 id="share-heading">\(words("Share the collage").htmlEscaped)</h2>
            <form method="get" action="\((api + "/collage.png").htmlEscaped)" class="download" id="share-form">
            <label for="download-size">\(words("Size").htmlEscaped)</label>
            <select id="download-size" name="size">\(downloadOptions)</select>
            <label><input type="checkbox" name="stats" value="1"> \(words("with numbers").htmlEscaped)</label>
            <input type="hidden" name="download" value="1">
            <button type="button" id="share-button" hidden>\(words("Share…").htmlEscaped)</button>
            <button type="submit">\(words("Download PNG").htmlEscaped)</button>
            <button type="submit" formaction="\((api + "/collage.jpeg").htmlEscaped)">\(words("Download JPEG").htmlEscaped)</button>
            </form>
            <p id="share-status" class="facts" role="status" aria-live="polite"\(shareStatusWords(words))></p>
            <h2 id="print-heading">\(words("Print it").htmlEscaped)</h2>
            <form method="post" action="\((path + "/print").htmlEscaped)" class="download" aria-labelledby="print-heading">
            <label for="print-paper">\(words("Paper").htmlEscaped)</label>
            <select id="print-paper" name="paper">\(printOptions)</select>
            <label><input type="checkbox" name="landscape" value="1"> \(words("landscape").htmlEscaped)</label>
            <label><input type="checkbox" name="stats" value="1"> \(words("with numbers").htmlEscaped)</label>
            <button type="submit"\(busy ? " disabled" : "")>\(words("Make the PDF").htmlEscaped)</button>
            </form>
            <p class="facts">\(words("A PDF for a print shop: 3 mm of bleed, its trim and bleed boxes set, each cover's own bytes, Open Library's original covers fetched first.").htmlEscaped)</p>
            </section>

            """
    }

    /// What the share script says while it works, in the page's language (`data-*`, read by
    /// `app.js`, which has no words of its own).
    private static func shareStatusWords(_ words: Words) -> String {
        [
            ("drawing", words("Drawing the image…")), ("shared", words("Shared.")),
            ("not-shared", words("Not shared.")),
            // The script puts the file's name and the error where `%s` is.
            ("downloaded", words("This browser cannot share files: %s was downloaded.", "%s")),
            ("failed", words("Could not share: %s", "%s")),
        ].map { " data-\($0.0)=\"\($0.1.htmlEscaped)\"" }.joined()
    }

    /// The year's goal on its tag page: its words when set, and a form to set, change or clear it
    /// (`POST {tag}/goal`), for a tag of a reader's year.
    static func goalSection(_ stats: TagStats, path: String, words: Words = .english) -> String {
        guard let year = stats.year else { return "" }
        let goal = stats.goal
        var html = "<section class=\"goal\" aria-labelledby=\"goal-heading\">\n"
        html += "<h2 id=\"goal-heading\">\(words("Goal for %s", String(year)).htmlEscaped)</h2>\n"
        if let goal { html += CollagePage.goal(goal, words: words) }
        html += """
            <form method="post" action="\((path + "/goal").htmlEscaped)" class="goal">
            <label for="goal-books">\(words("Books", context: "how many").htmlEscaped)</label>
            <input id="goal-books" name="books" type="number" min="1" max="100000" inputmode="numeric" required value="\(goal.map { String($0.books) } ?? "")">
            <label for="goal-pages">\(words("Pages (optional)").htmlEscaped)</label>
            <input id="goal-pages" name="pages" type="number" min="1" max="100000000" inputmode="numeric" value="\(goal?.pages.map(String.init) ?? "")">
            <button type="submit">\((goal == nil ? words("Set the goal") : words("Change the goal")).htmlEscaped)</button>
            </form>

            """
        if goal != nil {
            html += """
                <form method="post" action="\((path + "/goal").htmlEscaped)" class="goal">
                <input type="hidden" name="clear" value="1">
                <button type="submit">\(words("Clear the goal").htmlEscaped)</button>
                </form>

                """
        }
        return html + "</section>\n"
    }

    /// How far along a book in progress is, as the reader's e-reader last said: a bar and its words.
    static func readingProgress(_ progress: BookRow.Progress, title: String, words: Words = .english) -> String {
        let percent = Int((progress.percentage * 100).rounded(.down))
        let said = words("%1$s %% read · on %2$s", words.number(percent), progress.device)
        let label = "\(title): \(said)"
        return
            "<div class=\"facts reading\"><progress max=\"100\" value=\"\(percent)\" aria-label=\"\(label.htmlEscaped)\">\(percent) %</progress>\(said.htmlEscaped)</div>"
    }

    /// `/tags/{tag}` while its `add` runs, or after it failed: the job and the way back.
    static func pendingTagPage(job: JobRegistry.Snapshot, frame: Frame) -> String {
        document(
            title: job.tag, frame: frame, back: ServePages.tagPath(job.tag), refresh: job.state == .running,
            body: """
                <nav><a href="\(frame.path("/").htmlEscaped)">\(frame.words("← All tags").htmlEscaped)</a></nav>
                <h1>\(job.tag.htmlEscaped)</h1>
                \(jobSection(job, frame: frame))
                """)
    }
}
