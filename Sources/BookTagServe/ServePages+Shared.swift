import BookTag
import Foundation

extension ServePages {
    /// A share link as its page names it: the key, and the origin a stranger's browser used, from
    /// which the preview's absolute addresses are made.
    struct SharedLink: Sendable {
        var key: String
        var origin: String

        /// `file` under the link, from the app's root (`/s/KEY/poster.png`).
        func path(_ file: String = "") -> String { "/s/" + key + (file.isEmpty ? "" : "/" + file) }
    }

    /// `/s/KEY`: one tag's year page for whoever holds the link, read-only. The poster, the
    /// numbers and the covers, each image under the link; no form, no script, no link to anything
    /// else of the home. Open Graph tags give a chat app its preview (title, words, the story poster
    /// at an absolute address).
    static func sharedPage(tag: Tag, books: [TagBookEntry], stats: TagStats?, link: SharedLink, frame: Frame) -> String
    {
        let words = frame.words
        let absolute = link.origin + frame.base
        let poster = CollageSize.presets.first { $0.key == "story" }!.value
        let count = words.plural(
            "%1$s book from %2$s", "%1$s books from %2$s", books.count, words.number(books.count),
            tag.sourceDescription(in: words))
        let description = stats?.headline ?? count
        let posterAlt = words("The poster of %1$s: %2$s", tag.name, description)
        var body = """
            <h1>\(tag.name.htmlEscaped)</h1>
            <p class="facts">\(count.htmlEscaped)</p>

            """
        if let stats {
            body += statsSection(stats, words: words)
            if let goal = stats.goal { body += CollagePage.goal(goal, words: words) }
        }
        body += """
            <figure class="poster">
            <img src="\(frame.path(link.path("poster.png")).htmlEscaped)" alt="\(posterAlt.htmlEscaped)" width="\(poster.width)" height="\(poster.height)">
            </figure>
            <ul class="collage">

            """
        for entry in books {
            let book = entry.book
            let facts = bookFacts(book, words: words)
            let cover = link.path(String(coverPath(book.coverPath).dropFirst()))
            body += """
                <li>
                <img src="\(frame.path(cover).htmlEscaped)" alt="\(coverDescription(title: book.title, author: book.authorName, words: words).htmlEscaped)" loading="lazy">
                <p class="title">\(book.title.htmlEscaped)</p>
                <p class="facts">\(facts)</p>
                </li>

                """
        }
        body += "</ul>\n"
        return """
            \(documentStart(frame: frame, referrer: "no-referrer"))
            <meta name="robots" content="noindex">
            <title>\(tag.name.htmlEscaped) · booktag</title>
            <meta property="og:type" content="website">
            <meta property="og:site_name" content="booktag">
            <meta property="og:title" content="\(tag.name.htmlEscaped)">
            <meta property="og:description" content="\(description.htmlEscaped)">
            <meta property="og:url" content="\((absolute + link.path()).htmlEscaped)">
            <meta property="og:image" content="\((absolute + link.path("poster.png")).htmlEscaped)">
            <meta property="og:image:type" content="image/png">
            <meta property="og:image:width" content="\(poster.width)">
            <meta property="og:image:height" content="\(poster.height)">
            <meta property="og:image:alt" content="\(posterAlt.htmlEscaped)">
            <meta name="twitter:card" content="summary_large_image">
            <link rel="stylesheet" href="\(frame.path(link.path("app.css")).htmlEscaped)">
            </head>
            <body>
            <main id="main">
            \(body)
            </main>
            <footer class="shared"><p class="facts">\(words("Shared read-only from booktag.").htmlEscaped)</p></footer>
            </body>
            </html>

            """
    }

    /// The tag page's "Share a link": the link when there is one (its address to copy, and a
    /// button that ends it), else a button that makes it.
    static func shareLinkSection(_ address: String?, path: String, words: Words = .english) -> String {
        var html = """
            <section class="share-link" id="share-link" aria-labelledby="share-link-heading">
            <h2 id="share-link-heading">\(words("Share a link", context: "the heading").htmlEscaped)</h2>

            """
        guard let address else {
            return html + """
                <p class="facts">\(words("A read-only page of this tag for anyone with the link: the poster, the numbers and the covers, nothing else.").htmlEscaped)</p>
                <form method="post" action="\((path + "/share").htmlEscaped)">
                <input type="hidden" name="share" value="1">
                <button type="submit">\(words("Share a link", context: "the button").htmlEscaped)</button>
                </form>
                </section>

                """
        }
        html += """
            <label for="share-address">\(words("Anyone with this link sees this tag read-only").htmlEscaped)</label>
            <input id="share-address" type="url" readonly value="\(address.htmlEscaped)">
            <p><a href="\(address.htmlEscaped)">\(words("Open the shared page").htmlEscaped)</a></p>
            <form method="post" action="\((path + "/share").htmlEscaped)">
            <input type="hidden" name="revoke" value="1">
            <button type="submit">\(words("Stop sharing").htmlEscaped)</button>
            </form>
            </section>

            """
        return html
    }
}
