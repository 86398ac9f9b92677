import BookTag
import Foundation

extension ServePages {
    /// `/import`: a library export sent from the reader's device (the form works without script:
    /// a plain file upload, then this page follows the job), and what the last import made.
    static func importPage(job: JobRegistry.Snapshot?, made: [Tag], frame: Frame) -> String {
        let formats = LibraryFormat.allCases.filter { $0 != .calibre }
        let options =
            ["<option value=\"auto\">Recognise it</option>"]
            + formats.map { "<option value=\"\($0.rawValue)\">\($0.fileDescription.htmlEscaped)</option>" }
        var body = """
            <nav><a href="\(frame.path("/").htmlEscaped)">← All tags</a></nav>
            <h1>Import your library</h1>
            \(jobSection(job, frame: frame))

            """
        if job?.state == .done {
            body += "<section class=\"made\" aria-labelledby=\"made-heading\">\n<h2 id=\"made-heading\">Imported</h2>\n"
            if made.isEmpty {
                body += "<p>No tag was stored.</p>\n"
            } else {
                body +=
                    "<ul>\n"
                    + made.map { tag in
                        "<li><a href=\"\(frame.tagPath(tag.name).htmlEscaped)\">\(tag.name.htmlEscaped)</a> · \(tag.bookCount) book\(tag.bookCount == 1 ? "" : "s")</li>\n"
                    }.joined() + "</ul>\n"
            }
            body += "</section>\n"
        }
        body += """
            <form method="post" action="\(frame.path("/import").htmlEscaped)" enctype="multipart/form-data" class="add" aria-labelledby="import-heading">
            <h2 id="import-heading">From a file</h2>
            <p class="facts" id="import-help">The export file of Goodreads, StoryGraph, LibraryThing, BookWyrm or Open Library's reading log, as the service made it (at most 50 MiB). Each shelf becomes a tag; covers come from Open Library.</p>
            <label for="import-file">Export file</label>
            <input id="import-file" name="file" type="file" required accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json" aria-describedby="import-help">
            <label for="import-format">Made by</label>
            <select id="import-format" name="format">\(options.joined())</select>
            <div class="row">
            <label for="import-shelf">Only the shelf</label>
            <input id="import-shelf" name="shelf" placeholder="read" autocomplete="off">
            <label for="import-year">Read in</label>
            <input id="import-year" name="year" inputmode="numeric" pattern="[0-9]{4}" placeholder="2025">
            </div>
            <label for="import-tag">One tag named <small>(with a shelf or a year)</small></label>
            <input id="import-tag" name="tag" maxlength="100" placeholder="read 2025" autocomplete="off">
            <label for="import-prefix">Before each shelf's name <small>(so that two services' shelves stay apart)</small></label>
            <input id="import-prefix" name="prefix" maxlength="40" placeholder="StoryGraph" autocomplete="off">
            <button type="submit"\(job?.state == .running ? " disabled" : "")>Import</button>
            </form>

            """
        return document(title: "Import", frame: frame, back: "/import", refresh: job?.state == .running, body: body)
    }
}
