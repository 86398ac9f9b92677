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

    /// `/tags/{tag}`: the collage as a page (each cover links to its book, with a drop form), the
    /// tag's numbers and charts, reroll, downloads of the image at a preset, and its share link
    /// (`sharedAt`, its absolute address, when it has one).
    static func tagPage(
        tag: Tag, books: [TagBookEntry], stats: TagStats?, job: JobRegistry.Snapshot?,
        progress: [Int: BookRow.Progress] = [:], sharedAt: String? = nil, frame: Frame
    ) -> String {
        let path = frame.tagPath(tag.name)
        let api = frame.apiTagPath(tag.name)
        let busy = job?.state == .running
        var body = """
            <nav><a href="\(frame.path("/").htmlEscaped)">← All tags</a></nav>
            <h1>\(tag.name.htmlEscaped)</h1>
            <p class="facts">\(books.count) book\(books.count == 1 ? "" : "s") from \(tag.sourceDescription.htmlEscaped)</p>
            \(jobSection(job, frame: frame))

            """
        if let stats {
            body +=
                "<section class=\"stats\" aria-label=\"numbers\">\n<p class=\"headline\">\(stats.headline.htmlEscaped)</p>\n"
            if let highlights = stats.highlights { body += "<p class=\"facts\">\(highlights.htmlEscaped)</p>\n" }
            if let habits = stats.habits { body += "<p class=\"facts habits\">\(habits.htmlEscaped)</p>\n" }
            if let notes = stats.yearNotes { body += "<p class=\"facts\">\(notes.htmlEscaped)</p>\n" }
            if let calendar = stats.calendar { body += CalendarSVG.figure(calendar) }
            body += "<div class=\"charts\">" + stats.charts.map(CollagePage.svg).joined() + "</div>\n</section>\n"
            body += goalSection(stats, path: path)
        }
        let canGather = !(tag.origin?.isExport ?? false)
        body += "<section class=\"actions\" aria-label=\"actions\">\n"
        if canGather {
            body += """
                <form method="post" action="\((path + "/reroll").htmlEscaped)"><button type="submit"\(busy ? " disabled" : "")>Reroll: other books</button></form>

                """
        }
        body += """
            </section>
            <section class="share" aria-labelledby="share-heading">
            <h2 id="share-heading">Share the collage</h2>
            <form method="get" action="\((api + "/collage.png").htmlEscaped)" class="download" id="share-form">
            <label for="download-size">Size</label>
            <select id="download-size" name="size">\(downloadOptions)</select>
            <label><input type="checkbox" name="stats" value="1"> with numbers</label>
            <input type="hidden" name="download" value="1">
            <button type="button" id="share-button" hidden>Share…</button>
            <button type="submit">Download PNG</button>
            <button type="submit" formaction="\((api + "/collage.jpeg").htmlEscaped)">Download JPEG</button>
            </form>
            <p id="share-status" class="facts" role="status" aria-live="polite"></p>
            <h2 id="print-heading">Print it</h2>
            <form method="post" action="\((path + "/print").htmlEscaped)" class="download" aria-labelledby="print-heading">
            <label for="print-paper">Paper</label>
            <select id="print-paper" name="paper">\(printOptions)</select>
            <label><input type="checkbox" name="landscape" value="1"> landscape</label>
            <label><input type="checkbox" name="stats" value="1"> with numbers</label>
            <button type="submit"\(busy ? " disabled" : "")>Make the PDF</button>
            </form>
            <p class="facts">A PDF for a print shop: 3 mm of bleed, its trim and bleed boxes set, each cover's own bytes,
            Open Library's original covers fetched first.</p>

            </section>
            \(shareLinkSection(sharedAt, path: path))
            <ul class="collage">

            """
        for entry in books {
            let book = entry.book
            let facts = [
                book.authorName, book.originalPublicationYear.map(String.init),
                book.averageRating.map { String(format: "★ %.2f", $0) },
            ]
            .compactMap { $0 }.map(\.htmlEscaped).joined(separator: " · ")
            body += """
                <li>
                <a href="\(frame.bookPath(book.bookID).htmlEscaped)"><img src="\(frame.coverPath(book.coverPath).htmlEscaped)" alt="\(coverDescription(title: book.title, author: book.authorName).htmlEscaped)" loading="lazy"></a>
                <p class="title"><a href="\(frame.bookPath(book.bookID).htmlEscaped)">\(book.title.htmlEscaped)</a></p>
                <p class="facts">\(facts)</p>
                \(progress[book.position + 1].map { readingProgress($0, title: book.title) } ?? "")
                <form method="post" action="\((path + "/drop").htmlEscaped)" class="drop">
                <input type="hidden" name="book" value="\(book.bookID.value.htmlEscaped)">
                \(canGather ? "<label><input type=\"checkbox\" name=\"replace\" value=\"1\" checked> replace</label>" : "")
                <button type="submit"\(busy ? " disabled" : "") aria-label="Drop \(book.title.htmlEscaped)">Drop</button>
                </form>
                </li>

                """
        }
        body += "</ul>\n"
        return document(title: tag.name, frame: frame, back: ServePages.tagPath(tag.name), refresh: busy, body: body)
    }

    /// The year's goal on its tag page: its words when set, and a form to set, change or clear it
    /// (`POST {tag}/goal`), for a tag of a reader's year.
    static func goalSection(_ stats: TagStats, path: String) -> String {
        guard let year = stats.year else { return "" }
        let goal = stats.goal
        var html = "<section class=\"goal\" aria-labelledby=\"goal-heading\">\n"
        html += "<h2 id=\"goal-heading\">Goal for \(year)</h2>\n"
        if let goal { html += CollagePage.goal(goal) }
        html += """
            <form method="post" action="\((path + "/goal").htmlEscaped)" class="goal">
            <label for="goal-books">Books</label>
            <input id="goal-books" name="books" type="number" min="1" max="100000" inputmode="numeric" required value="\(goal.map { String($0.books) } ?? "")">
            <label for="goal-pages">Pages (optional)</label>
            <input id="goal-pages" name="pages" type="number" min="1" max="100000000" inputmode="numeric" value="\(goal?.pages.map(String.init) ?? "")">
            <button type="submit">\(goal == nil ? "Set the goal" : "Change the goal")</button>
            </form>

            """
        if goal != nil {
            html += """
                <form method="post" action="\((path + "/goal").htmlEscaped)" class="goal">
                <input type="hidden" name="clear" value="1">
                <button type="submit">Clear the goal</button>
                </form>

                """
        }
        return html + "</section>\n"
    }

    /// How far along a book in progress is, as the reader's e-reader last said: a bar and its words.
    static func readingProgress(_ progress: BookRow.Progress, title: String) -> String {
        let percent = Int((progress.percentage * 100).rounded(.down))
        let words = "\(percent) % read · on \(progress.device)"
        let label = "\(title): \(words)"
        return
            "<div class=\"facts reading\"><progress max=\"100\" value=\"\(percent)\" aria-label=\"\(label.htmlEscaped)\">\(percent) %</progress>\(words.htmlEscaped)</div>"
    }

    /// `/tags/{tag}` while its `add` runs, or after it failed: the job and the way back.
    static func pendingTagPage(job: JobRegistry.Snapshot, frame: Frame) -> String {
        document(
            title: job.tag, frame: frame, back: ServePages.tagPath(job.tag), refresh: job.state == .running,
            body: """
                <nav><a href="\(frame.path("/").htmlEscaped)">← All tags</a></nav>
                <h1>\(job.tag.htmlEscaped)</h1>
                \(jobSection(job, frame: frame))
                """)
    }
}
