import BookTag
import Foundation

extension ServePages {
    /// `/books/{source}/{id}`: what `show` prints, the description as sanitised HTML, the tags
    /// that hold it linked.
    static func bookPage(_ book: StoredBook, tags: [String], frame: Frame) -> String {
        let details = book.details
        let authors = details.authors.map { author in author.role.map { "\(author.name) (\($0))" } ?? author.name }
            .joined(separator: ", ")
        var facts: [(String, String)] = []
        if !authors.isEmpty { facts.append(("Author", authors)) }
        if let pages = details.pageCount { facts.append(("Pages", GroupedNumber.text(pages))) }
        if let rating = details.averageRating {
            facts.append(
                (
                    "Rating",
                    String(format: "%.2f", rating)
                        + (details.ratingsCount.map { " (\(GroupedNumber.text($0)) ratings)" } ?? "")
                ))
        }
        if let mine = details.reading?.rating, mine > 0 {
            facts.append(("My stars", String(repeating: "★", count: mine)))
        }
        if let read = details.reading?.dateRead { facts.append(("Read", read)) }
        if let year = details.publicationYear ?? details.originalPublicationYear {
            facts.append(("Year", String(year)))
        }
        if let publisher = details.publisher { facts.append(("Publisher", publisher)) }
        if let isbn = book.isbn10 ?? details.isbn { facts.append(("ISBN", isbn)) }
        if let isbn13 = book.isbn13 ?? details.isbn13 { facts.append(("ISBN13", isbn13)) }
        facts.append(("Source", "\(details.id.source.displayName) \(details.id.value)"))
        let description = details.descriptionHTML.map(HTMLSanitizer.safeHTML(fromHTML:)).flatMap {
            $0.isEmpty ? nil : $0
        }
        let back =
            tags.first.map { "<a href=\"\(frame.tagPath($0).htmlEscaped)\">← \($0.htmlEscaped)</a>" }
            ?? "<a href=\"\(frame.path("/").htmlEscaped)\">← All tags</a>"
        let body = """
            <nav>\(back)</nav>
            <article class="book">
            \(book.coverPath.map { "<img class=\"cover\" src=\"\(frame.coverPath($0).htmlEscaped)\" alt=\"Cover of \(coverDescription(title: details.title, author: details.authors.first?.name).htmlEscaped)\">" } ?? "")
            <div>
            <h1>\(details.title.htmlEscaped)</h1>
            <dl>\(facts.map { "<dt>\($0.0.htmlEscaped)</dt><dd>\($0.1.htmlEscaped)</dd>" }.joined())</dl>
            \(tags.isEmpty ? "" : "<p class=\"facts\">In \(tags.map { "<a href=\"\(frame.tagPath($0).htmlEscaped)\">\($0.htmlEscaped)</a>" }.joined(separator: ", "))</p>")
            </div>
            </article>
            \(description.map { "<section class=\"description\" aria-label=\"description\">\($0)</section>" } ?? "<p class=\"facts\">No description kept for this book.</p>")
            """
        return document(title: details.title, frame: frame, back: ServePages.bookPath(details.id), body: body)
    }
}
