import BookTag
import Foundation

/// A book as `show` prints it: labelled fields and the description, or one JSON object.
package struct ShownBook: Encodable {
    struct Author: Encodable {
        let name: String
        let role: String?
    }

    /// Where the book comes from (`goodreads`, `openlibrary`) and its id there.
    package let source: SourceKind
    let id: String
    let title: String
    let authors: [Author]
    let pages: Int?
    let averageRating: Double?
    let ratingsCount: Int?
    /// Plain text: the HTML Goodreads sent, sanitised.
    let description: String?
    let year: Int?
    let publisher: String?
    let isbn: String?
    let isbn13: String?
    let cover: String?
    /// The reader's stars and the day they finished the book, from their shelf or export.
    let myRating: Int?
    let dateRead: String?
    let tags: [String]
    /// "store" when shown from what booktag kept, "network" when just fetched (and now kept).
    let shownFrom: String

    package init(_ book: StoredBook, tags: [String], store: BookStore, fromStore: Bool) {
        let details = book.details
        source = details.id.source
        id = details.id.value
        title = details.title
        authors = details.authors.map { Author(name: $0.name, role: $0.role) }
        pages = details.pageCount
        averageRating = details.averageRating
        ratingsCount = details.ratingsCount
        description = (book.descriptionText ?? details.descriptionHTML.map(HTMLSanitizer.plainText(fromHTML:))).flatMap { $0.isEmpty ? nil : $0 }
        year = details.publicationYear ?? details.originalPublicationYear
        publisher = details.publisher
        isbn = book.isbn10 ?? details.isbn
        isbn13 = book.isbn13 ?? details.isbn13
        cover = book.coverPath.map(store.coverFilePath)
        myRating = details.reading?.rating
        dateRead = details.reading?.dateRead
        self.tags = tags
        shownFrom = fromStore ? "store" : "network"
    }

    func text(width: Int, palette: Palette) -> String {
        let credit = authors.map { author in author.role.map { "\(author.name) (\($0))" } ?? author.name }
        var rating = averageRating.map { String(format: "%.2f", $0) }
        if let count = ratingsCount, let shown = rating {
            rating = "\(shown) (\(GroupedNumber.text(count)) rating\(count == 1 ? "" : "s"))"
        }
        let fields: [(String, String?)] = [
            ("cover", cover),
            ("title", title),
            ("authors", credit.isEmpty ? nil : credit.joined(separator: ", ")),
            ("pages", pages.map(String.init)),
            ("rating", rating),
            ("year", year.map(String.init)),
            ("publisher", publisher),
            ("isbn", isbn),
            ("isbn13", isbn13),
            ("source", "\(source.displayName) \(id)"),
            ("my rating", myRating.map { "\($0)/5" }),
            ("read", dateRead),
            ("tags", tags.isEmpty ? nil : tags.joined(separator: ", ")),
        ]
        let labelWidth = fields.map(\.0.count).max()! + 2
        let wrapWidth = min(width, 88)
        var lines = fields.map { label, value in
            let padded = (label + ":").padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            let shown = value.map { Terminal.safe($0) } ?? "—"
            // Paths are never broken, so they can be copied whole.
            guard !shown.contains("/") else { return palette.paint(padded, .heading) + shown }
            let wrapped = TextWrap.wrap(shown, width: wrapWidth, indent: String(repeating: " ", count: labelWidth))
            return palette.paint(padded, .heading) + wrapped.dropFirst(labelWidth)
        }
        if let description {
            lines.append("")
            lines.append(TextWrap.wrap(Terminal.safe(description, keepingLineBreaks: true), width: wrapWidth))
        }
        return lines.joined(separator: "\n")
    }
}
