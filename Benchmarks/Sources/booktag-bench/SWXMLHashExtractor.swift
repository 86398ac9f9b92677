import BookTag
import Foundation
import SWXMLHash

/// The same extraction as `GoodreadsDecoder`, written the way the original app used SWXMLHash.
enum SWXMLHashExtractor {
    private static let whitespace = CharacterSet(charactersIn: " \t\n\r")

    private static func text(_ indexer: XMLIndexer) -> String? {
        guard let element = indexer.element, element.attribute(by: "nil")?.text != "true" else { return nil }
        let value = element.text.trimmingCharacters(in: whitespace)
        return value.isEmpty ? nil : value
    }

    private static func int(_ indexer: XMLIndexer) -> Int? { text(indexer).flatMap { Int($0) } }
    private static func double(_ indexer: XMLIndexer) -> Double? { text(indexer).flatMap { Double($0) } }

    static func searchPage(_ data: Data) -> SearchPage? {
        let search = XMLHash.parse(data)["GoodreadsResponse"]["search"]
        guard let start = int(search["results-start"]), let end = int(search["results-end"]),
            let total = int(search["total-results"])
        else { return nil }
        var works: [SearchWork] = []
        var skipped = 0
        for work in search["results"]["work"].all {
            let book = work["best_book"]
            guard let bookID = int(book["id"]), let title = text(book["title"]) else {
                skipped += 1
                continue
            }
            works.append(
                SearchWork(
                    workID: int(work["id"]), id: .goodreads(bookID), title: title,
                    authorID: int(book["author"]["id"]), authorName: text(book["author"]["name"]),
                    imageURL: text(book["image_url"]), smallImageURL: text(book["small_image_url"]),
                    averageRating: double(work["average_rating"]), ratingsCount: int(work["ratings_count"]),
                    originalPublicationYear: int(work["original_publication_year"])))
        }
        return SearchPage(
            query: text(search["query"]), resultsStart: start, resultsEnd: end, totalResults: total, works: works,
            skippedWorks: skipped)
    }

    static func book(_ data: Data) -> BookDetails? {
        let book = XMLHash.parse(data)["GoodreadsResponse"]["book"]
        guard let id = int(book["id"]), let title = text(book["title"]) else { return nil }
        let authors = book["authors"]["author"].all.compactMap { author -> BookAuthor? in
            guard let name = text(author["name"]) else { return nil }
            return BookAuthor(id: int(author["id"]), name: name, role: text(author["role"]))
        }
        return BookDetails(
            id: .goodreads(id), title: title, isbn: text(book["isbn"]), isbn13: text(book["isbn13"]),
            imageURL: text(book["image_url"]), smallImageURL: text(book["small_image_url"]),
            publicationYear: int(book["publication_year"]), publicationMonth: int(book["publication_month"]),
            publicationDay: int(book["publication_day"]),
            originalPublicationYear: int(book["work"]["original_publication_year"]), workID: int(book["work"]["id"]),
            publisher: text(book["publisher"]), descriptionHTML: text(book["description"]),
            averageRating: double(book["average_rating"]), ratingsCount: int(book["ratings_count"]),
            pageCount: int(book["num_pages"]), format: text(book["format"]), authors: authors)
    }
}
