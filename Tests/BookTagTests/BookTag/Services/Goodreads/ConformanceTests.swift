import Foundation
import Testing

@testable import BookTag

/// Decodes every genuine Goodreads recording in `fixtures/recorded/goodreads` (their provenance in
/// fixtures/recorded/PROVENANCE.md) and checks the values against the files themselves, found by
/// plain text scanning independent of libxml2.
@Suite
struct ConformanceTests {
    static var folder: URL { Fixtures.recordedGoodreads }

    @Test func everySearchPageMatchesItsFile() throws {
        var decoded = 0
        for file in try Fixtures.files(in: Self.folder.appendingPathComponent("search")) {
            let data = try Data(contentsOf: file)
            let text = String(decoding: data, as: UTF8.self)
            let name = file.lastPathComponent
            if name.contains("BROKEN") {
                #expect(throws: GoodreadsError.self, "\(name)") { try GoodreadsDecoder.searchPage(from: data) }
                continue
            }
            let page = try GoodreadsDecoder.searchPage(from: data)
            decoded += 1
            #expect(page.resultsStart == Scan.int(text, "<results-start>(\\d+)</results-start>"), "\(name)")
            #expect(page.resultsEnd == Scan.int(text, "<results-end>(\\d+)</results-end>"), "\(name)")
            #expect(page.totalResults == Scan.int(text, "<total-results>(\\d+)</total-results>"), "\(name)")
            #expect(page.works.count == Scan.count(text, "<work>"), "\(name)")
            #expect(
                page.works.map(\.id.goodreadsNumber!) == Scan.ints(text, "<best_book[^>]*>\\s*<id[^>]*>(\\d+)</id>"),
                "\(name)")
            #expect(page.works.compactMap(\.workID) == Scan.ints(text, "<work>\\s*<id[^>]*>(\\d+)</id>"), "\(name)")
            let nilYears = Scan.count(text, "<original_publication_year type=\"integer\" nil=\"true\"")
            #expect(page.works.filter { $0.originalPublicationYear == nil }.count == nilYears, "\(name)")
            #expect(
                page.works.filter(\.hasPlaceholderCover).count == Scan.count(text, "<image_url>[^<]*nophoto"), "\(name)"
            )
            #expect(
                page.works.allSatisfy {
                    !$0.title.isEmpty && $0.title == $0.title.trimmingCharacters(in: .whitespacesAndNewlines)
                })
        }
        #expect(decoded >= 7)
    }

    @Test func knownFactsFromProvenance() throws {
        func page(_ name: String) throws -> SearchPage {
            try GoodreadsDecoder.searchPage(
                from: Data(contentsOf: Self.folder.appendingPathComponent("search/\(name)")))
        }
        let wuthering = try page("search-wuthering-heights-p1.xml")
        #expect(wuthering.works.filter(\.hasPlaceholderCover).count == 7)
        #expect(wuthering.works.first?.authorName == "Emily Brontë")
        #expect(wuthering.works.contains { $0.title == "Wuthering Heights, Agnès Grey & Villette" })
        let golang = try page("search-golang-p1-trimmed-to-3-works.xml")
        #expect(
            golang.pageSize == 20 && golang.works.count == 3, "page size comes from the header, not the works present")
        let highprince = try page("search-highprince-of-war-p1.xml")
        #expect(highprince.works.first?.originalPublicationYear == nil)
        let neruda = try page("search-neruda-p1.xml")
        #expect(neruda.query == "neruda", "CDATA on its own line is trimmed")
        #expect(try page("search-empty-query-0-results.xml").works.isEmpty)
        #expect(try page("search-enders-game-p1-2017-leading-blank-lines.xml").works.count == 20)
    }

    @Test func everyBookMatchesItsFile() throws {
        for file in try Fixtures.files(in: Self.folder.appendingPathComponent("book")) {
            let data = try Data(contentsOf: file)
            let whole = String(decoding: data, as: UTF8.self)
            // The book's own fields come before its similar books, which carry the same names.
            let text = String(whole[..<(whole.range(of: "<similar_books")?.lowerBound ?? whole.endIndex)])
            let name = file.lastPathComponent
            let book = try GoodreadsDecoder.book(from: data)
            #expect(book.id.goodreadsNumber == Scan.int(text, "<book>\\s*<id>(\\d+)</id>"), "\(name)")
            #expect(book.isbn == Scan.string(text, "<isbn>\\s*(?:<!\\[CDATA\\[)?([0-9X]*)"), "\(name)")
            #expect(book.isbn13 == Scan.string(text, "<isbn13>\\s*(?:<!\\[CDATA\\[)?([0-9]*)"), "\(name)")
            #expect(book.pageCount == Scan.int(text, "<num_pages>\\s*(?:<!\\[CDATA\\[)?\\s*(\\d*)"), "\(name)")
            #expect(book.publicationYear == Scan.int(text, "<publication_year>(\\d*)</publication_year>"), "\(name)")
            let authorsBlock = try #require(text.firstRange(of: try Regex("<authors>[\\s\\S]*?</authors>")))
            #expect(book.authors.count == Scan.count(String(text[authorsBlock]), "<author>"), "\(name)")
            #expect(book.descriptionHTML?.isEmpty == false, "\(name)")
        }
    }

    @Test func knownBookFacts() throws {
        func book(_ name: String) throws -> BookDetails {
            try GoodreadsDecoder.book(from: Data(contentsOf: Self.folder.appendingPathComponent("book/\(name)")))
        }
        let hatchet = try book("book-show-50-hatchet.xml")
        #expect(hatchet.title == "Hatchet (Brian's Saga, #1)")
        #expect(CoverURL.isPlaceholder(hatchet.imageURL))
        #expect(hatchet.publicationYear == nil && hatchet.pageCount == nil && hatchet.originalPublicationYear == 1986)
        let dune = try book("book-isbn-0441172717-dune.xml")
        #expect(dune.averageRating == 4.19 && dune.pageCount == 535 && dune.publisher == "Ace/Berkley Books")
        #expect(dune.ratingsCount == 8532, "the book's own count, not the work's")
        let enders = try book("book-show-375802-enders-game-reformatted.xml")
        #expect(enders.authors.map(\.role) == [nil, "Narrator", "Narrator"])
        let rework = try book("book-isbn-0307463745-rework-leading-newline.xml")
        #expect(rework.publisher == nil && rework.publicationYear == nil && rework.authors.count == 2)
        #expect(
            HTMLSanitizer.plainText(fromHTML: rework.descriptionHTML ?? "").hasPrefix(
                "Most business books give you the same old advice: Write a business plan"))
    }

    @Test func errorAndForeignDocumentsFailClearly() throws {
        let notFound = try Data(contentsOf: Self.folder.appendingPathComponent("errors/error-404-page-not-found.xml"))
        #expect(throws: GoodreadsError.apiError(message: "Page not found")) {
            try GoodreadsDecoder.book(from: notFound)
        }
        let redirect = try Data(contentsOf: Self.folder.appendingPathComponent("errors/redirect-301-html-body.html"))
        #expect(throws: GoodreadsError.htmlPage) { try GoodreadsDecoder.book(from: redirect) }
        for sub in ["rss", "other"] {
            for file in try Fixtures.files(in: Self.folder.appendingPathComponent(sub)) {
                let data = try Data(contentsOf: file)
                #expect(throws: GoodreadsError.self) { try GoodreadsDecoder.searchPage(from: data) }
                #expect(throws: GoodreadsError.self) { try GoodreadsDecoder.book(from: data) }
            }
        }
    }
}

/// Plain-text scanning of fixture files, deliberately independent of the XML layer under test.
enum Scan {
    static func strings(_ text: String, _ pattern: String) -> [String] {
        let regex = try! Regex(pattern)
        return text.matches(of: regex).compactMap { match in
            match.output.count > 1 ? match.output[1].substring.map(String.init) : nil
        }
    }

    static func string(_ text: String, _ pattern: String) -> String? {
        strings(text, pattern).first.flatMap { $0.isEmpty ? nil : $0 }
    }

    static func ints(_ text: String, _ pattern: String) -> [Int] {
        strings(text, pattern).compactMap { Int($0) }
    }

    static func int(_ text: String, _ pattern: String) -> Int? {
        string(text, pattern).flatMap { Int($0) }
    }

    static func count(_ text: String, _ pattern: String) -> Int {
        text.matches(of: try! Regex(pattern)).count
    }
}
