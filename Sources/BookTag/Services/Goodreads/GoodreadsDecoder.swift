import Foundation

/// Turns Goodreads XML answers into model values.
///
/// Every answer goes through `XMLDocument` (safe libxml2 options, size cap, DTDs refused).
/// Elements marked `nil="true"` and empty elements become `nil`, never `0` or `""`.
/// A search work without a book id or title is skipped and counted, not fatal.
public enum GoodreadsDecoder {
    /// Decodes a `search/index.xml` answer. Works are decoded while the body streams through the
    /// parser and freed at once, so even a page at the size cap needs little memory.
    public static func searchPage(from data: Data) throws(GoodreadsError) -> SearchPage {
        var works: [SearchWork] = []
        var skipped = 0
        let response = try responseElement(from: data, streamingChildrenOf: ["GoodreadsResponse", "search", "results"])
        { work in
            guard work.hasName("work") else { return }
            if let decoded = searchWork(from: work) {
                works.append(decoded)
            } else {
                skipped += 1
            }
        }
        guard let search = response.child("search") else { throw .missingElement("search") }

        var query: String?
        var start: Int?
        var end: Int?
        var total: Int?
        for element in search.children {
            if element.hasName("query") {
                query = element.text
            } else if element.hasName("results-start") {
                start = element.integer
            } else if element.hasName("results-end") {
                end = element.integer
            } else if element.hasName("total-results") {
                total = element.integer
            }
        }
        guard let start else { throw .missingElement("results-start") }
        guard let end else { throw .missingElement("results-end") }
        guard let total else { throw .missingElement("total-results") }
        return SearchPage(
            query: query, resultsStart: start, resultsEnd: end, totalResults: total,
            works: works, skippedWorks: skipped)
    }

    /// Decodes a `book/show/ID.xml` or `book/isbn/ISBN?format=xml` answer.
    public static func book(from data: Data) throws(GoodreadsError) -> BookDetails {
        let response = try responseElement(from: data)
        guard let book = response.child("book") else { throw .missingElement("book") }

        var id: Int?
        var title: String?
        var details = BookDetails(id: .goodreads(0), title: "")
        for element in book.children {
            if element.hasName("id") {
                id = element.integer
            } else if element.hasName("title") {
                title = element.text
            } else if element.hasName("isbn") {
                details.isbn = element.text
            } else if element.hasName("isbn13") {
                details.isbn13 = element.text
            } else if element.hasName("image_url") {
                details.imageURL = element.text
            } else if element.hasName("small_image_url") {
                details.smallImageURL = element.text
            } else if element.hasName("publication_year") {
                details.publicationYear = element.integer
            } else if element.hasName("publication_month") {
                details.publicationMonth = element.integer
            } else if element.hasName("publication_day") {
                details.publicationDay = element.integer
            } else if element.hasName("publisher") {
                details.publisher = element.text
            } else if element.hasName("description") {
                details.descriptionHTML = element.text
            } else if element.hasName("average_rating") {
                details.averageRating = element.double
            } else if element.hasName("ratings_count") {
                details.ratingsCount = element.integer
            } else if element.hasName("num_pages") {
                details.pageCount = element.integer
            } else if element.hasName("format") {
                details.format = element.text
            } else if element.hasName("authors") {
                details.authors = authors(from: element)
            } else if element.hasName("work") {
                details.workID = element.child("id")?.integer
                details.originalPublicationYear = element.child("original_publication_year")?.integer
            }
        }
        guard let id else { throw .missingElement("book/id") }
        guard let title else { throw .missingElement("book/title") }
        details.id = .goodreads(id)
        details.title = title
        return details
    }

    // MARK: - Parts

    static func searchWork(from work: XMLElement) -> SearchWork? {
        var workID: Int?
        var ratingsCount: Int?
        var year: Int?
        var rating: Double?
        var bookID: Int?
        var title: String?
        var authorID: Int?
        var authorName: String?
        var imageURL: String?
        var smallImageURL: String?
        for element in work.children {
            if element.hasName("best_book") {
                for field in element.children {
                    if field.hasName("id") {
                        bookID = field.integer
                    } else if field.hasName("title") {
                        title = field.text
                    } else if field.hasName("author") {
                        authorID = field.child("id")?.integer
                        authorName = field.child("name")?.text
                    } else if field.hasName("image_url") {
                        imageURL = field.text
                    } else if field.hasName("small_image_url") {
                        smallImageURL = field.text
                    }
                }
            } else if element.hasName("id") {
                workID = element.integer
            } else if element.hasName("ratings_count") {
                ratingsCount = element.integer
            } else if element.hasName("original_publication_year") {
                year = element.integer
            } else if element.hasName("average_rating") {
                rating = element.double
            }
        }
        guard let bookID, let title else { return nil }
        return SearchWork(
            workID: workID, id: .goodreads(bookID), title: title, authorID: authorID, authorName: authorName,
            imageURL: imageURL, smallImageURL: smallImageURL, averageRating: rating,
            ratingsCount: ratingsCount, originalPublicationYear: year)
    }

    private static func authors(from list: XMLElement) -> [BookAuthor] {
        list.children.compactMap { author in
            guard author.hasName("author"), let name = author.child("name")?.text else { return nil }
            return BookAuthor(id: author.child("id")?.integer, name: name, role: author.child("role")?.text)
        }
    }

    // MARK: - Envelope

    /// Parses `data` and returns its `<GoodreadsResponse>` element, turning every other kind
    /// of answer (plain text, HTML, `<error>`, hostile or broken XML) into its own error.
    /// With `containerPath`, the container's children are streamed to `handle` as they complete.
    static func responseElement(
        from data: Data, streamingChildrenOf containerPath: [StaticString]? = nil,
        handle: (XMLElement) -> Void = { _ in }
    ) throws(GoodreadsError) -> XMLElement {
        switch BodySniffer.kind(of: data) {
        case .text(let preview): throw .notXML(preview: preview)
        case .html: throw .htmlPage
        case .markup: break
        }
        let document: XMLDocument
        do {
            if let containerPath {
                document = try XMLDocument.streaming(data: data, childrenOf: containerPath, handle: handle)
            } else {
                document = try XMLDocument(data: data)
            }
        } catch {
            throw .unreadableXML(error)
        }
        guard let root = document.root else { throw .missingElement("GoodreadsResponse") }
        if root.hasName("error") {
            throw .apiError(message: BodySniffer.printable(root.text ?? "", limit: 200))
        }
        guard root.hasName("GoodreadsResponse") else {
            throw .unexpectedDocument(root: BodySniffer.printable(root.name, limit: 60))
        }
        if let error = root.child("error") {
            throw .apiError(message: BodySniffer.printable(error.text ?? "", limit: 200))
        }
        return root
    }
}
