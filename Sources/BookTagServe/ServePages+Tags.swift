import BookTag
import Foundation

extension ServePages {
    /// `/`: every tag with its count, source and a strip of covers, a form to add one, and
    /// delete behind a confirmation (a disclosure, so it needs no script).
    static func tagsPage(
        tags: [Tag], strips: [String: [BookStore.StripCover]], running: [String: JobRegistry.Snapshot], frame: Frame
    ) -> String {
        let words = frame.words
        var body = """
            <h1>\(words("Your tags").htmlEscaped)</h1>
            <p class="import-link"><a href="\(frame.path("/import").htmlEscaped)">\(words("Import your library from Goodreads, StoryGraph, LibraryThing, BookWyrm or Open Library").htmlEscaped)</a></p>
            <form method="post" action="\(frame.path("/tags").htmlEscaped)" class="add" aria-labelledby="add-heading">
            <h2 id="add-heading">\(words("Add a tag").htmlEscaped)</h2>
            <label for="add-tag">\(words("Tag").htmlEscaped)</label>
            <input id="add-tag" name="tag" required maxlength="100" placeholder="fantasy" autocomplete="off">
            <fieldset>
            <legend>\(words("Books from").htmlEscaped)</legend>
            <label><input type="radio" name="from" value="default" checked> \(words("the configured source").htmlEscaped)</label>
            <label><input type="radio" name="from" value="openlibrary"> \(words("an Open Library subject").htmlEscaped)</label>
            <label><input type="radio" name="from" value="goodreads"> \(words("a Goodreads search").htmlEscaped)</label>
            <label><input type="radio" name="from" value="shelf"> \(words("a Goodreads shelf").htmlEscaped)</label>
            <label><input type="radio" name="from" value="hardcover"> \(words("your Hardcover library").htmlEscaped)</label>
            <label><input type="radio" name="from" value="bookwyrm"> \(words("a BookWyrm shelf").htmlEscaped)</label>
            </fieldset>
            <div class="row">
            <label for="add-shelf">\(words("Shelf").htmlEscaped)</label>
            <input id="add-shelf" name="shelf" placeholder="12345/read" autocomplete="off" aria-describedby="shelf-help">
            <label for="add-year">\(words("Year read").htmlEscaped)</label>
            <input id="add-year" name="year" inputmode="numeric" pattern="[0-9]{4}" placeholder="2025">
            </div>
            <p class="facts" id="shelf-help">\(words("Goodreads: user id/shelf · Hardcover: read, want-to-read… · BookWyrm: user@instance/shelf").htmlEscaped)</p>
            <label for="add-count">\(words("Books", context: "how many").htmlEscaped)</label>
            <input id="add-count" name="count" type="number" min="1" max="100" placeholder="12">
            <button type="submit">\(words("Add").htmlEscaped)</button>
            </form>

            """
        if tags.isEmpty {
            body += "<p class=\"empty\">\(words("No tags yet: add one above.").htmlEscaped)</p>\n"
        } else {
            body.reserveCapacity(body.utf8.count + tags.count * 1_200)
            body += "<ul class=\"tags\">\n"
            for tag in tags {
                let path = frame.tagPath(tag.name)
                let covers = (strips[tag.key] ?? []).map { cover in
                    "<img src=\"\(frame.coverPath(cover.coverPath).htmlEscaped)\" alt=\"\(coverDescription(title: cover.title, author: cover.author).htmlEscaped)\" loading=\"lazy\">"
                }.joined()
                let busy =
                    running[tag.key].map {
                        " · <span class=\"busy\">\(words("%s running", jobKind($0.kind, words)).htmlEscaped)</span>"
                    } ?? ""
                body += """
                    <li>
                    <a class="tag" href="\(path.htmlEscaped)"><span class="strip" aria-hidden="true">\(covers)</span><span class="name">\(tag.name.htmlEscaped)</span></a>
                    <p class="facts">\(words.plural("%s book", "%s books", tag.bookCount).htmlEscaped) · \(tag.sourceDescription(in: words).htmlEscaped)\(busy)</p>
                    <details class="delete"><summary>\(words("Delete…").htmlEscaped)</summary>
                    <form method="post" action="\((path + "/delete").htmlEscaped)"><button type="submit" class="danger">\(words("Delete “%s” and its books", tag.name).htmlEscaped)</button></form>
                    </details>
                    </li>

                    """
            }
            body += "</ul>\n"
        }
        body += """
            <p class="backup"><a href="\(frame.path("/backup").htmlEscaped)" download>\(words("Download a backup").htmlEscaped)</a> \
            <span class="facts">\(words("of every tag, book, cover and setting (not the access token), for %s", "\u{1}").htmlEscaped.replacingOccurrences(of: "\u{1}", with: "<code>booktag restore</code>"))</span></p>

            """
        return document(title: words("Tags"), frame: frame, back: "/", refresh: !running.isEmpty, body: body)
    }
}
