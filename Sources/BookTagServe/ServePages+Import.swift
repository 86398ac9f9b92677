import BookTag
import Foundation

extension ServePages {
    /// `/import`: a library export sent from the reader's device (the form works without script:
    /// a plain file upload, then this page follows the job), and what the last import made.
    static func importPage(job: JobRegistry.Snapshot?, made: [Tag], frame: Frame) -> String {
        let words = frame.words
        let formats = LibraryFormat.allCases.filter { $0 != .calibre }
        let options =
            ["<option value=\"auto\">\(words("Recognise it").htmlEscaped)</option>"]
            + formats.map { "<option value=\"\($0.rawValue)\">\($0.fileDescription(in: words).htmlEscaped)</option>" }
        var body = """
            <nav><a href="\(frame.path("/").htmlEscaped)">\(words("← All tags").htmlEscaped)</a></nav>
            <h1>\(words("Import your library").htmlEscaped)</h1>
            \(jobSection(job, frame: frame))

            """
        if job?.state == .done {
            body +=
                "<section class=\"made\" aria-labelledby=\"made-heading\">\n<h2 id=\"made-heading\">\(words("Imported").htmlEscaped)</h2>\n"
            if made.isEmpty {
                body += "<p>\(words("No tag was stored.").htmlEscaped)</p>\n"
            } else {
                body +=
                    "<ul>\n"
                    + made.map { tag in
                        "<li><a href=\"\(frame.tagPath(tag.name).htmlEscaped)\">\(tag.name.htmlEscaped)</a> · \(words.plural("%s book", "%s books", tag.bookCount).htmlEscaped)</li>\n"
                    }.joined() + "</ul>\n"
            }
            body += "</section>\n"
        }
        body += """
            <form method="post" action="\(frame.path("/import").htmlEscaped)" enctype="multipart/form-data" class="add" aria-labelledby="import-heading">
            <h2 id="import-heading">\(words("From a file").htmlEscaped)</h2>
            <p class="facts" id="import-help">\(words("The export file of Goodreads, StoryGraph, LibraryThing, BookWyrm or Open Library's reading log, as the service made it (at most 50 MiB). Each shelf becomes a tag; covers come from Open Library.").htmlEscaped)</p>
            <label for="import-file">\(words("Export file").htmlEscaped)</label>
            <input id="import-file" name="file" type="file" required accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json" aria-describedby="import-help">
            <label for="import-format">\(words("Made by").htmlEscaped)</label>
            <select id="import-format" name="format">\(options.joined())</select>
            <div class="row">
            <label for="import-shelf">\(words("Only the shelf").htmlEscaped)</label>
            <input id="import-shelf" name="shelf" placeholder="read" autocomplete="off">
            <label for="import-year">\(words("Read in").htmlEscaped)</label>
            <input id="import-year" name="year" inputmode="numeric" pattern="[0-9]{4}" placeholder="2025">
            </div>
            <label for="import-tag">\(words("One tag named").htmlEscaped) <small>\(words("(with a shelf or a year)").htmlEscaped)</small></label>
            <input id="import-tag" name="tag" maxlength="100" placeholder="read 2025" autocomplete="off">
            <label for="import-prefix">\(words("Before each shelf's name").htmlEscaped) <small>\(words("(so that two services' shelves stay apart)").htmlEscaped)</small></label>
            <input id="import-prefix" name="prefix" maxlength="40" placeholder="StoryGraph" autocomplete="off">
            <button type="submit"\(job?.state == .running ? " disabled" : "")>\(words("Import", context: "the button").htmlEscaped)</button>
            </form>

            """
        return document(
            title: words("Import", context: "the page's title"), frame: frame, back: "/import",
            refresh: job?.state == .running, body: body)
    }
}
