import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Decodes a saved Goodreads answer: the quickest way to see what booktag reads from one.
    struct Inspect: ParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "inspect",
            abstract: "Decode a saved Goodreads XML response and print what booktag reads from it.",
            discussion: """
                Accepts search (search/index.xml) and book (book/show, book/isbn) answers. \
                Descriptions are printed as sanitised plain text.

                Example:
                  booktag inspect fixtures/goodreads/search/search-fantasy-p1.xml
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "A file holding one Goodreads XML response.", completion: .file())
        var file: String

        @Flag(help: "Print one JSON document: what booktag decodes, field by field.") var json = false

        func run() throws {
            let data: Data
            do {
                data = try FileBytes.read(URL(fileURLWithPath: file))
            } catch {
                throw CommandFailure(.notFound, "cannot read \(file): check the path")
            }
            // A search answer, else a book answer; the first error that is not "this is the
            // other kind" is the one reported.
            let decoded: Result<SearchPage, GoodreadsError> = Result { () throws(GoodreadsError) in
                try GoodreadsDecoder.searchPage(from: data)
            }
            switch decoded {
            case .success(let page):
                if json { return try JSONOutput.print(page) }
                print(describe(page))
            case .failure(.missingElement("search")):
                let book: BookDetails
                do {
                    book = try GoodreadsDecoder.book(from: data)
                } catch {
                    throw CommandFailure(.data, error.localizedDescription)
                }
                if json { return try JSONOutput.print(book) }
                print(describe(book))
            case .failure(let error):
                throw CommandFailure(.data, error.localizedDescription)
            }
        }

        private func describe(_ page: SearchPage) -> String {
            var lines = [
                "search \"\(page.query ?? "")\": results \(page.resultsStart)–\(page.resultsEnd) of \(page.totalResults) (page size \(page.pageSize))"
            ]
            for work in page.works {
                let cover = work.hasPlaceholderCover ? "no cover" : "cover"
                let year = work.originalPublicationYear.map(String.init) ?? "—"
                lines.append(
                    "  \(work.id.value)\t\(year)\t\(cover)\t\(work.title) — \(work.authorName ?? "unknown author")")
            }
            if page.skippedWorks > 0 {
                lines.append("  (\(page.skippedWorks) work(s) without a book id or title skipped)")
            }
            return lines.joined(separator: "\n")
        }

        private func describe(_ book: BookDetails) -> String {
            let authors = book.authors.map { author in author.role.map { "\(author.name) (\($0))" } ?? author.name }
            let fields: [(String, String?)] = [
                ("title", book.title),
                ("authors", authors.isEmpty ? nil : authors.joined(separator: ", ")),
                ("id", book.id.description),
                ("isbn", book.isbn),
                ("isbn13", book.isbn13),
                ("year", (book.publicationYear ?? book.originalPublicationYear).map(String.init)),
                ("publisher", book.publisher),
                ("pages", book.pageCount.map(String.init)),
                ("rating", book.averageRating.map { String(format: "%.2f", $0) }),
                ("cover", CoverURL.isPlaceholder(book.imageURL) ? "none (placeholder)" : book.imageURL),
            ]
            var lines = fields.map { "\($0.0): \($0.1 ?? "—")" }
            if let html = book.descriptionHTML {
                lines.append("")
                lines.append(HTMLSanitizer.plainText(fromHTML: html))
            }
            return lines.joined(separator: "\n")
        }
    }
}
