import Foundation
import Testing

@testable import BookTag

@Suite struct GoodreadsDecoderTests {
    @Test func decodesAFullSearchPage() throws {
        let page = try GoodreadsDecoder.searchPage(from: Fixtures.data("search/search-fantasy-p1.xml"))
        #expect(page.query == "fantasy")
        #expect(page.resultsStart == 1 && page.resultsEnd == 20 && page.totalResults == 45)
        #expect(page.pageSize == 20)
        #expect(page.works.count == 20)
        #expect(page.skippedWorks == 1, "the work without a book id is skipped, not fatal")
        #expect(page.works.filter(\.hasPlaceholderCover).count == 10)

        let first = page.works[0]
        #expect(
            first
                == SearchWork(
                    workID: 7_100_000, id: .goodreads(5_100_000), title: "The Glass Orchard", authorID: 4700,
                    authorName: "Mirela Vance",
                    imageURL:
                        "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1605100000l/5100000._SX98_.jpg",
                    smallImageURL:
                        "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1605100000l/5100000._SY75_.jpg",
                    averageRating: 4.12, ratingsCount: 1000, originalPublicationYear: 2011))
    }

    @Test func keepsEntitiesCDATAAndNonLatinText() throws {
        let titles = try GoodreadsDecoder.searchPage(from: Fixtures.data("search/search-fantasy-p1.xml")).works.map(
            \.title)
        #expect(titles.contains("Salt & Ember"))
        #expect(titles.contains("Crowns <and> Thorns"))
        #expect(titles.contains("The Cartographer's Daughter"))
        #expect(titles.contains("Мастер тумана"))
        #expect(titles.contains("指輪の森"))
        #expect(titles.contains("ألف ليلة ونجمة"))
    }

    @Test func nilAndEmptyValuesBecomeNil() throws {
        let works = try GoodreadsDecoder.searchPage(from: Fixtures.data("search/search-fantasy-p1.xml")).works
        let noYear = try #require(works.first { $0.title == "Der Drache von Wörthsee" })
        #expect(noYear.originalPublicationYear == nil)
        let noRating = try #require(works.first { $0.title == "Winter's Apprentice" })
        #expect(noRating.averageRating == nil)
    }

    @Test func readsPageSizeFromTheResponse() throws {
        let last = try GoodreadsDecoder.searchPage(from: Fixtures.data("search/search-fantasy-p3.xml"))
        #expect(last.resultsStart == 41 && last.resultsEnd == 45 && last.pageSize == 5)
        #expect(last.works.map(\.id.goodreadsNumber!) == [5_200_000, 5_200_001, 5_200_002, 5_200_003, 5_200_004])
    }

    @Test func decodesAnEmptyResult() throws {
        let page = try GoodreadsDecoder.searchPage(from: Fixtures.data("search/search-no-results.xml"))
        #expect(page.works.isEmpty && page.totalResults == 0 && page.pageSize == 0)
    }

    @Test func decodesABookWithoutConfusingSimilarBooks() throws {
        let book = try GoodreadsDecoder.book(from: Fixtures.data("book/book-show-cdata-html.xml"))
        #expect(book.id == .goodreads(5_100_000))
        #expect(book.title == "The Glass Orchard")
        #expect(book.isbn == "0306406152" && book.isbn13 == "9780306406157")
        #expect(book.imageURL == "https://images.gr-assets.com/books/1300000000m/5100000.jpg")
        #expect(book.smallImageURL == "https://images.gr-assets.com/books/1300000000s/5100000.jpg")
        #expect(book.publicationYear == 2011 && book.publicationMonth == nil && book.publicationDay == nil)
        #expect(book.originalPublicationYear == 2011 && book.workID == 6_000_000)
        #expect(book.publisher == "Orchard & Vale")
        #expect(book.averageRating == 4.12 && book.ratingsCount == 3742 && book.pageCount == 384)
        #expect(book.format == "Paperback")
        #expect(
            book.authors == [
                BookAuthor(id: 4700, name: "Mirela Vance"),
                BookAuthor(id: 4790, name: "Jonas Petrov", role: "Illustrator"),
            ])
        #expect(book.descriptionHTML?.hasPrefix("<p>In a valley where the trees grow <b>glass</b>") == true)
    }

    @Test func emptyBookFieldsAreNil() throws {
        let book = try GoodreadsDecoder.book(from: Fixtures.data("book/book-show-escaped-html.xml"))
        #expect(book.isbn == nil && book.isbn13 == "9791032300824")
        #expect(book.publisher == nil && book.pageCount == nil && book.ratingsCount == nil)
        #expect(book.originalPublicationYear == nil)
        #expect(book.descriptionHTML?.hasPrefix("<b>Роман</b>") == true, "escaped HTML arrives as HTML source")
    }

    @Test func errorBodiesBecomeDistinctErrors() throws {
        #expect(throws: GoodreadsError.apiError(message: "book not found")) {
            try GoodreadsDecoder.book(from: Fixtures.data("errors/error-book-not-found.xml"))
        }
        #expect(throws: GoodreadsError.notXML(preview: "Invalid API key.")) {
            try GoodreadsDecoder.searchPage(from: Fixtures.data("errors/invalid-api-key.txt"))
        }
        #expect(throws: GoodreadsError.htmlPage) {
            try GoodreadsDecoder.searchPage(from: Fixtures.data("errors/maintenance.html"))
        }
        #expect(throws: GoodreadsError.missingElement("search")) {
            try GoodreadsDecoder.searchPage(from: Fixtures.data("errors/response-without-search.xml"))
        }
        #expect(throws: GoodreadsError.unexpectedDocument(root: "rss")) {
            try GoodreadsDecoder.searchPage(from: Data("<rss><channel/></rss>".utf8))
        }
        let invalidKey = GoodreadsError.notXML(preview: "Invalid API key.").localizedDescription
        #expect(invalidKey.contains("goodreads.apiKey"))
    }

    @Test func quotedServerTextCannotCarryTerminalEscapes() {
        let body = Data("Oops \u{1B}[31mred\u{1B}[0m\u{07} text".utf8)
        #expect(throws: GoodreadsError.notXML(preview: "Oops  [31mred [0m  text")) {
            try GoodreadsDecoder.searchPage(from: body)
        }
    }
}

@Suite struct CoverURLTests {
    @Test(arguments: [
        "https://s.gr-assets.com/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png",
        "http://www.goodreads.com/images/nophoto/nophoto-U-200x266.jpg",
        "https://s.gr-assets.com/images/nocover-111x148.jpg",
        "https://s.gr-assets.com/assets/nocover/111x148.png",
        "HTTPS://S.GR-ASSETS.COM/ASSETS/NOPHOTO/BOOK/50x75.png",
        "",
    ])
    func placeholdersAreRecognised(url: String) {
        #expect(CoverURL.isPlaceholder(url))
    }

    @Test(arguments: [
        "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1630501681l/6185._SX98_.jpg",
        "http://images.gr-assets.com/books/1426192671m/53732.jpg",
        "https://example.com/books/1/cover.jpg?from=nophoto",
    ])
    func realCoversAreNotPlaceholders(url: String) {
        #expect(!CoverURL.isPlaceholder(url))
    }

    @Test func missingURLIsAPlaceholder() {
        #expect(CoverURL.isPlaceholder(nil))
    }
}
