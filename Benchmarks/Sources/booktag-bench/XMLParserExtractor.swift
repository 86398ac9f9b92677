import BookTag
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The same extraction as `GoodreadsDecoder`, with Foundation's event-driven `XMLParser`.
final class XMLParserExtractor: NSObject, XMLParserDelegate {
    private static let whitespace = CharacterSet(charactersIn: " \t\n\r")

    private var path: [String] = []
    private var buffer = ""
    private var markedNil = false
    private var values: [String: String] = [:]  // leaf values of the current work/author
    private var page = SearchPage(query: nil, resultsStart: 0, resultsEnd: 0, totalResults: 0, works: [])
    private var headerFound = 0
    private var book = BookDetails(id: .goodreads(0), title: "")
    private var bookID: Int?
    private var bookTitle: String?

    static func searchPage(_ data: Data) -> SearchPage? {
        let extractor = XMLParserExtractor()
        guard extractor.parse(data), extractor.headerFound == 3 else { return nil }
        return extractor.page
    }

    static func book(_ data: Data) -> BookDetails? {
        let extractor = XMLParserExtractor()
        guard extractor.parse(data), let id = extractor.bookID, let title = extractor.bookTitle else { return nil }
        extractor.book.id = .goodreads(id)
        extractor.book.title = title
        return extractor.book
    }

    private func parse(_ data: Data) -> Bool {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        return parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        path.append(name)
        buffer = ""
        markedNil = attributes["nil"] == "true"
        if path.count == 4, name == "work" || name == "author" { values = [:] }  // a search work or a book author
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { buffer += string }

    func parser(_ parser: XMLParser, foundCDATA block: Data) { buffer += String(decoding: block, as: UTF8.self) }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer {
            path.removeLast()
            buffer = ""
            markedNil = false
        }
        let trimmed = buffer.trimmingCharacters(in: Self.whitespace)
        let value: String? = markedNil || trimmed.isEmpty ? nil : trimmed
        let key = path.dropFirst().joined(separator: "/")  // without GoodreadsResponse
        switch key {
        case "search/query": page.query = value
        case "search/results-start":
            page.resultsStart = value.flatMap { Int($0) } ?? 0
            headerFound += value == nil ? 0 : 1
        case "search/results-end":
            page.resultsEnd = value.flatMap { Int($0) } ?? 0
            headerFound += value == nil ? 0 : 1
        case "search/total-results":
            page.totalResults = value.flatMap { Int($0) } ?? 0
            headerFound += value == nil ? 0 : 1
        case "search/results/work":
            guard let bookID = values["best_book/id"].flatMap({ Int($0) }), let title = values["best_book/title"] else {
                page.skippedWorks += 1
                return
            }
            page.works.append(
                SearchWork(
                    workID: values["id"].flatMap { Int($0) }, id: .goodreads(bookID), title: title,
                    authorID: values["best_book/author/id"].flatMap { Int($0) },
                    authorName: values["best_book/author/name"],
                    imageURL: values["best_book/image_url"], smallImageURL: values["best_book/small_image_url"],
                    averageRating: values["average_rating"].flatMap { Double($0) },
                    ratingsCount: values["ratings_count"].flatMap { Int($0) },
                    originalPublicationYear: values["original_publication_year"].flatMap { Int($0) }))
        case _ where key.hasPrefix("search/results/work/"):
            values[String(key.dropFirst("search/results/work/".count))] = value
        case "book/id": bookID = value.flatMap { Int($0) }
        case "book/title": bookTitle = value
        case "book/isbn": book.isbn = value
        case "book/isbn13": book.isbn13 = value
        case "book/image_url": book.imageURL = value
        case "book/small_image_url": book.smallImageURL = value
        case "book/publication_year": book.publicationYear = value.flatMap { Int($0) }
        case "book/publication_month": book.publicationMonth = value.flatMap { Int($0) }
        case "book/publication_day": book.publicationDay = value.flatMap { Int($0) }
        case "book/publisher": book.publisher = value
        case "book/description": book.descriptionHTML = value
        case "book/average_rating": book.averageRating = value.flatMap { Double($0) }
        case "book/ratings_count": book.ratingsCount = value.flatMap { Int($0) }
        case "book/num_pages": book.pageCount = value.flatMap { Int($0) }
        case "book/format": book.format = value
        case "book/work/id": book.workID = value.flatMap { Int($0) }
        case "book/work/original_publication_year": book.originalPublicationYear = value.flatMap { Int($0) }
        case "book/authors/author/id", "book/authors/author/name", "book/authors/author/role":
            values[name] = value
        case "book/authors/author":
            if let name = values["name"] {
                book.authors.append(BookAuthor(id: values["id"].flatMap { Int($0) }, name: name, role: values["role"]))
            }
        default: break
        }
    }
}
