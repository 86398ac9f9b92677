import BookTag
import Foundation

extension ServePages {
    /// `/books/{source}/{id}`: what `show` prints, the description as sanitised HTML, the tags
    /// that hold it linked.
    static func bookPage(_ book: StoredBook, tags: [String], frame: Frame) -> String {
        let details = book.details
        let words = frame.words
        let authors = details.authors.map { author in author.role.map { "\(author.name) (\($0))" } ?? author.name }
            .joined(separator: ", ")
        var facts: [(String, String)] = []
        if !authors.isEmpty { facts.append((words("Author"), authors)) }
        if let pages = details.pageCount { facts.append((words("Pages"), words.number(pages))) }
        if let rating = details.averageRating {
            facts.append(
                (
                    words("Rating"),
                    words.decimal(rating)
                        + (details.ratingsCount.map { " (" + words.plural("%s rating", "%s ratings", $0) + ")" } ?? "")
                ))
        }
        if let mine = details.reading?.rating, mine > 0 {
            facts.append((words("My stars"), String(repeating: "★", count: mine)))
        }
        if let read = details.reading?.dateRead {
            facts.append((words("Read", context: "the day a book was read"), words.day(read)))
        }
        if let year = details.publicationYear ?? details.originalPublicationYear {
            facts.append((words("Year"), String(year)))
        }
        if let publisher = details.publisher { facts.append((words("Publisher"), publisher)) }
        if let isbn = book.isbn10 ?? details.isbn { facts.append(("ISBN", isbn)) }
        if let isbn13 = book.isbn13 ?? details.isbn13 { facts.append(("ISBN13", isbn13)) }
        facts.append((words("Source"), "\(details.id.source.displayName(in: words)) \(details.id.value)"))
        let description = details.descriptionHTML.map(HTMLSanitizer.safeHTML(fromHTML:)).flatMap {
            $0.isEmpty ? nil : $0
        }
        let back =
            tags.first.map { "<a href=\"\(frame.tagPath($0).htmlEscaped)\">← \($0.htmlEscaped)</a>" }
            ?? "<a href=\"\(frame.path("/").htmlEscaped)\">\(words("← All tags").htmlEscaped)</a>"
        let body = """
            <nav>\(back)</nav>
            <article class="book">
            \(book.coverPath.map { "<img class=\"cover\" src=\"\(frame.coverPath($0).htmlEscaped)\" alt=\"\(words("Cover of %s", coverDescription(title: details.title, author: details.authors.first?.name, words: words)).htmlEscaped)\">" } ?? "")
            <div>
            <h1>\(details.title.htmlEscaped)</h1>
            <dl>\(facts.map { "<dt>\($0.0.htmlEscaped)</dt><dd>\($0.1.htmlEscaped)</dd>" }.joined())</dl>
            \(tags.isEmpty ? "" : "<p class=\"facts\">\(words("In %s", "\u{1}").htmlEscaped.replacingOccurrences(of: "\u{1}", with: tags.map { "<a href=\"\(frame.tagPath($0).htmlEscaped)\">\($0.htmlEscaped)</a>" }.joined(separator: ", ")))</p>")
            </div>
            </article>
            \(description.map { "<section class=\"description\" aria-label=\"\(words("description").htmlEscaped)\">\($0)</section>" } ?? "<p class=\"facts\">\(words("No description kept for this book.").htmlEscaped)</p>")
            """
        return document(title: details.title, frame: frame, back: ServePages.bookPath(details.id), body: body)
    }
}
