import BookTag
import Foundation

/// The app's three screens as HTML rendered on the server: they work without script (forms post,
/// then redirect), and `/assets/app.js` only adds live progress. Everything from a source is
/// escaped, descriptions sanitised; nothing is inline script or inline style (the CSP says so).
enum ServePages {
    /// What every page is drawn with: the reader's night preference, and the prefix a reverse
    /// proxy puts the app under, which every link, form and asset carries.
    struct Frame: Sendable {
        var night: Bool
        var base = ""
        /// The language of the page's words (its `lang`).
        var words = Words.english

        init(night: Bool, at address: PublicAddress = PublicAddress(), words: Words = .english) {
            self.night = night
            base = address.base
            self.words = words
        }

        /// `path` (from the app's root) as the browser asks for it.
        func path(_ path: String) -> String { base + path }
        func tagPath(_ name: String) -> String { base + ServePages.tagPath(name) }
        func bookPath(_ id: BookID) -> String { base + ServePages.bookPath(id) }
        func apiTagPath(_ name: String) -> String { base + ServePages.apiTagPath(name) }
        func coverPath(_ stored: String) -> String { base + ServePages.coverPath(stored) }
    }

    /// Where a page of this server is: `/tags/{tag}` with the tag percent-encoded.
    static func tagPath(_ name: String) -> String { "/tags/" + pathComponent(name) }
    static func bookPath(_ id: BookID) -> String { "/books/\(id.source.rawValue)/" + pathComponent(id.value) }
    static func apiTagPath(_ name: String) -> String { "/api/tags/" + pathComponent(name) }

    /// A stored cover's address: its file name alone (`/covers/<sha256>.jpg`).
    static func coverPath(_ stored: String) -> String {
        guard let slash = stored.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "/covers/" + stored }
        return "/covers/" + stored[stored.utf8.index(after: slash)...]
    }

    /// A cover's text alternative: "Title by Author" (the title alone when no author is known).
    static func coverDescription(title: String, author: String?, words: Words = .english) -> String {
        guard let author, !author.isEmpty else { return title }
        return words("%1$s by %2$s", title, author)
    }

    /// Percent-encoded as one path segment: everything but RFC 3986's unreserved characters.
    static func pathComponent(_ text: String) -> String {
        let utf8 = text.utf8
        guard !utf8.allSatisfy(isUnreserved) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count * 3)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in utf8 {
            if isUnreserved(byte) {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The page around every screen: its title, the night switch (a form, so it works without
    /// script; `back` is the page's path from the app's root), and `refresh` for a page that
    /// follows a job when script is off.
    static func document(title: String, frame: Frame, back: String, refresh: Bool = false, body: String) -> String {
        let night = frame.night
        let words = frame.words
        return """
            \(documentStart(frame: frame, referrer: "same-origin"))
            <meta name="theme-color" content="\(CollageTheme.forNightMode(night).background.hex)">
            <link rel="manifest" href="\(frame.path("/manifest.webmanifest").htmlEscaped)" crossorigin="use-credentials">
            <link rel="icon" href="\(frame.path("/icons/icon-192.png").htmlEscaped)" type="image/png">
            <link rel="apple-touch-icon" href="\(frame.path("/icons/apple-touch-icon.png").htmlEscaped)">
            \(refresh ? "<noscript><meta http-equiv=\"refresh\" content=\"2\"></noscript>\n" : "")<title>\(title.htmlEscaped) · booktag</title>
            <link rel="stylesheet" href="\(frame.path("/assets/app.css").htmlEscaped)">
            <script src="\(frame.path("/assets/app.js").htmlEscaped)" defer></script>
            </head>
            <body>
            <header class="bar">
            <a class="home" href="\(frame.path("/").htmlEscaped)">booktag</a>
            <form method="post" action="\(frame.path("/night").htmlEscaped)" class="night-switch">
            <input type="hidden" name="back" value="\(back.htmlEscaped)">
            <input type="hidden" name="night" value="\(night ? "off" : "on")">
            <button type="submit" aria-pressed="\(night)">\((night ? words("☀ Day") : words("☾ Night")).htmlEscaped)</button>
            </form>
            \(languageSwitch(frame: frame, back: back))
            </header>
            <main id="main">
            \(body)
            </main>
            </body>
            </html>

            """
    }

    /// The pages' language menu (a form, so it works without script): "Automatic" follows each
    /// browser; a language chosen is kept like night mode (`POST /language`).
    static func languageSwitch(frame: Frame, back: String) -> String {
        let words = frame.words
        let options =
            ["<option value=\"auto\">\(words("Automatic (the browser's)").htmlEscaped)</option>"]
            + Language.all.map { language in
                let chosen = language == words.language ? " selected" : ""
                return
                    "<option value=\"\(language.code)\" lang=\"\(language.code)\"\(chosen)>\(language.nativeName.htmlEscaped)</option>"
            }
        return """
            <form method="post" action="\(frame.path("/language").htmlEscaped)" class="language-switch">
            <input type="hidden" name="back" value="\(back.htmlEscaped)">
            <label for="language-choice">\(words("Language").htmlEscaped)</label>
            <select id="language-choice" name="language">\(options.joined())</select>
            <button type="submit">\(words("Change", context: "the language menu's button").htmlEscaped)</button>
            </form>
            """
    }

    /// Every page's first lines: its language, its day or night, its characters and viewport, whom
    /// it sends as referrer.
    static func documentStart(frame: Frame, referrer: String) -> String {
        let night = frame.night
        return """
            <!DOCTYPE html>
            <html lang="\(frame.words.language.code)" class="\(night ? "night" : "day")">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="\(referrer)">
            <meta name="color-scheme" content="\(night ? "dark" : "light")">
            """
    }

    /// A book's facts under its cover: author, year, rating (the locale's decimals), escaped.
    static func bookFacts(_ book: TagBook, words: Words) -> String {
        [
            book.authorName, book.originalPublicationYear.map(String.init),
            book.averageRating.map { "★ " + words.decimal($0) },
        ]
        .compactMap { $0 }.map(\.htmlEscaped).joined(separator: " · ")
    }

    /// A refusal or failure, in the page's colours, with the way back.
    static func errorPage(_ error: ServeError, frame: Frame) -> String {
        let words = frame.words
        return document(
            title: words("Error"), frame: frame, back: "/",
            body: """
                <h1>\((error.status.code == 404 ? words("Not found") : words("Something went wrong")).htmlEscaped)</h1>
                <p class="alert" role="alert">\(error.message.htmlEscaped)</p>
                <p><a href="\(frame.path("/").htmlEscaped)">\(words("Back to the tags").htmlEscaped)</a></p>
                """)
    }

    /// A job's state on a page: a progress bar and its line (kept up to date by the script, or
    /// by a refresh without it), or its error.
    static func jobSection(_ job: JobRegistry.Snapshot?, frame: Frame) -> String {
        guard let job else { return "" }
        let words = frame.words
        switch job.state {
        case .running:
            let progress = job.progress
            let bar =
                progress.map {
                    "<progress id=\"job-bar\" max=\"\($0.wanted)\" value=\"\(min($0.found, $0.wanted))\"></progress>"
                }
                ?? "<progress id=\"job-bar\"></progress>"
            return """
                <section class="job" id="job" data-events="\(frame.path("/api/jobs/\(pathComponent(job.id))/events").htmlEscaped)" aria-label="\(words("work in progress").htmlEscaped)">
                <p><span class="spinner" aria-hidden="true"></span> \(words("%1$s “%2$s” is running…", jobKind(job.kind, words), job.tag).htmlEscaped)</p>
                \(bar)
                <p id="job-line" role="status" aria-live="polite">\((progress?.line ?? words("starting")).htmlEscaped)</p>
                </section>
                """
        case .failed:
            return
                "<p class=\"alert\" role=\"alert\" id=\"job-error\">\(words("%1$s failed: %2$s", jobKind(job.kind, words), job.error ?? "").htmlEscaped)</p>"
        case .done:
            return job.kind == "print" ? printReady(job, frame: frame) : ""
        }
    }

    /// A finished print job: its PDF to download, and how sharp its covers will print.
    static func printReady(_ job: JobRegistry.Snapshot, frame: Frame) -> String {
        guard let result = job.result,
            let made = try? JSONDecoder().decode(PrintSummary.self, from: Data(result.json.utf8))
        else { return "" }
        // "A2", "60×90 cm": as the form's options name them.
        let named =
            made.paper.hasPrefix("a") ? made.paper.uppercased() : made.paper.replacingOccurrences(of: "x", with: "×")
        let words = frame.words
        var paper = named.replacingOccurrences(of: "cm", with: " cm")
        if made.landscape { paper = words("%s landscape", paper) }
        var facts: [String] = []
        if let lowest = made.lowestPPI, let median = made.medianPPI {
            facts.append(
                words("Covers print at %1$s ppi and up (median %2$s).", words.number(lowest), words.number(median)))
            if made.softCovers > 0 {
                facts.append(
                    words.plural(
                        "%s cover under 150 ppi will look soft.", "%s covers under 150 ppi will look soft.",
                        made.softCovers))
            }
        }
        if made.originalsKept > 0 {
            facts.append(
                words.plural(
                    "%s of them from Open Library's originals.", "%s of them from Open Library's originals.",
                    made.originalsKept))
        }
        return """
            <section class="job" aria-labelledby="print-ready">
            <h2 id="print-ready">\(words("Your print is ready").htmlEscaped)</h2>
            <p><a href="\(frame.path("/api/prints/\(pathComponent(made.file))").htmlEscaped)" download>\(words("Download the %s PDF", paper).htmlEscaped)</a></p>
            <p class="facts">\(facts.joined(separator: " ").htmlEscaped)</p>
            </section>
            """
    }

    /// A job's kind as a page names it ("add", "import"…), in the page's language.
    static func jobKind(_ kind: String, _ words: Words) -> String {
        switch kind {
        case "add": words("adding", context: "a job")
        case "reroll": words("reroll", context: "a job")
        case "drop": words("drop", context: "a job")
        case "import": words("import", context: "a job")
        case "print": words("print", context: "a job")
        case "sync": words("sync", context: "a job")
        case "remove": words("removal", context: "a job")
        default: kind
        }
    }
}
