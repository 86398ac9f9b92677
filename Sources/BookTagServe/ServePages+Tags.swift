import BookTag
import Foundation

extension ServePages {
    /// `/`: every tag with its count, source and a strip of covers, a form to add one, and
    /// delete behind a confirmation (a disclosure, so it needs no script).
    static func tagsPage(
        tags: [Tag], strips: [String: [BookStore.StripCover]], running: [String: JobRegistry.Snapshot], frame: Frame
    ) -> String {
        var body = """
            <h1>Your tags</h1>
            <p class="import-link"><a href="\(frame.path("/import").htmlEscaped)">Import your library from Goodreads, StoryGraph, LibraryThing, BookWyrm or Open Library</a></p>
            <form method="post" action="\(frame.path("/tags").htmlEscaped)" class="add" aria-labelledby="add-heading">
            <h2 id="add-heading">Add a tag</h2>
            <label for="add-tag">Tag</label>
            <input id="add-tag" name="tag" required maxlength="100" placeholder="fantasy" autocomplete="off">
            <fieldset>
            <legend>Books from</legend>
            <label><input type="radio" name="from" value="default" checked> the configured source</label>
            <label><input type="radio" name="from" value="openlibrary"> an Open Library subject</label>
            <label><input type="radio" name="from" value="goodreads"> a Goodreads search</label>
            <label><input type="radio" name="from" value="shelf"> a Goodreads shelf</label>
            <label><input type="radio" name="from" value="hardcover"> your Hardcover library</label>
            <label><input type="radio" name="from" value="bookwyrm"> a BookWyrm shelf</label>
            </fieldset>
            <div class="row">
            <label for="add-shelf">Shelf</label>
            <input id="add-shelf" name="shelf" placeholder="12345/read" autocomplete="off" aria-describedby="shelf-help">
            <label for="add-year">Year read</label>
            <input id="add-year" name="year" inputmode="numeric" pattern="[0-9]{4}" placeholder="2025">
            </div>
            <p class="facts" id="shelf-help">Goodreads: user id/shelf · Hardcover: read, want-to-read… · BookWyrm: user@instance/shelf</p>
            <label for="add-count">Books</label>
            <input id="add-count" name="count" type="number" min="1" max="100" placeholder="12">
            <button type="submit">Add</button>
            </form>

            """
        if tags.isEmpty {
            body += "<p class=\"empty\">No tags yet: add one above.</p>\n"
        } else {
            body.reserveCapacity(body.utf8.count + tags.count * 1_200)
            body += "<ul class=\"tags\">\n"
            for tag in tags {
                let path = frame.tagPath(tag.name)
                let covers = (strips[tag.key] ?? []).map { cover in
                    "<img src=\"\(frame.coverPath(cover.coverPath).htmlEscaped)\" alt=\"\(coverDescription(title: cover.title, author: cover.author).htmlEscaped)\" loading=\"lazy\">"
                }.joined()
                let busy =
                    running[tag.key].map { " · <span class=\"busy\">\($0.kind.htmlEscaped) running</span>" } ?? ""
                body += """
                    <li>
                    <a class="tag" href="\(path.htmlEscaped)"><span class="strip" aria-hidden="true">\(covers)</span><span class="name">\(tag.name.htmlEscaped)</span></a>
                    <p class="facts">\(tag.bookCount) book\(tag.bookCount == 1 ? "" : "s") · \((tag.origin?.displayName ?? tag.source.displayName).htmlEscaped)\(busy)</p>
                    <details class="delete"><summary>Delete…</summary>
                    <form method="post" action="\((path + "/delete").htmlEscaped)"><button type="submit" class="danger">Delete “\(tag.name.htmlEscaped)” and its books</button></form>
                    </details>
                    </li>

                    """
            }
            body += "</ul>\n"
        }
        body += """
            <p class="backup"><a href="\(frame.path("/backup").htmlEscaped)" download>Download a backup</a> \
            <span class="facts">of every tag, book, cover and setting (not the access token), for \
            <code>booktag restore</code></span></p>

            """
        return document(title: "Tags", frame: frame, back: "/", refresh: !running.isEmpty, body: body)
    }
}
