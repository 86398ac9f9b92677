import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Open Library's JSON through `JSONDecoder`: genuine answers other projects recorded (in
/// `fixtures/recorded/openlibrary`), booktag's synthetic recording, and answers of the wrong shape.
struct OpenLibraryDecoderTests {
    static let covers = URL(string: "https://covers.openlibrary.org")!

    static func recorded(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.recordedOpenLibrary.appendingPathComponent(name))
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    // MARK: - Genuine answers

    /// Every work of a genuine subject page is kept, with a cover exactly when `cover_id` is a
    /// number, and `work_count` as the total.
    @Test(arguments: ["subjects-love.json", "subjects-denver-details-12-works.json"])
    func genuineSubjectPages(file: String) throws {
        let data = try Self.recorded(file)
        let raw = try Self.object(data)
        let listed = try #require(raw["works"] as? [[String: Any]])
        // Subjects in the wild list the odd edition among the works (Denver's holds
        // `/works/OL13350151M`): not a work id, so skipped and counted.
        let works = listed.filter {
            ($0["key"] as? String)?.range(of: #"^/works/OL\d+W$"#, options: .regularExpression) != nil
        }
        let page = try OpenLibraryDecoder.subjectPage(from: data, offset: 0, limit: 12, coversURL: Self.covers)
        #expect(page.totalResults == raw["work_count"] as? Int)
        #expect(
            page.works.map(\.id.value)
                == works.map { ($0["key"] as! String).replacingOccurrences(of: "/works/", with: "") })
        #expect(page.works.map(\.title) == works.map { $0["title"] as? String })
        let coverIDs = works.map { $0["cover_id"] as? Int }
        #expect(
            page.works.map(\.imageURL)
                == coverIDs.map { $0.map { "https://covers.openlibrary.org/b/id/\($0)-L.jpg?default=false" } })
        #expect(page.works.map(\.hasPlaceholderCover) == coverIDs.map { $0 == nil })
        #expect(
            page.works.map(\.authorName)
                == works.map { (($0["authors"] as? [[String: Any]])?.first?["name"]) as? String })
        #expect(page.skippedWorks == listed.count - works.count && page.pageSize == 12)
    }

    /// A genuine `search.json` answer gives the cover search each matched work, its cover and its
    /// editions' median page count: an imported book's identity and pages when its file has none.
    @Test func genuineSearchDocsGiveWorkCoverAndPages() throws {
        let docs = try OpenLibraryDecoder.decode(
            SearchResponse.self, from: Self.recorded("search-q-denver-co-20-docs.json")
        ).docs.compactMap(\.value)
        #expect(docs.count == 20)
        let matches = docs.compactMap(\.match)
        #expect(matches.count == 9, "only documents with a cover match")
        #expect(
            matches.first
                == CoverSearch.Match(
                    coverID: 1_847_337, work: .openLibrary("OL8808821W"), pages: 180,
                    title: "University of Denver Co 2007", author: "College Prowler"))
        #expect(matches.allSatisfy { $0.work?.source == .openlibrary })
        #expect(docs.first?.work == .openLibrary("OL8503198W") && docs.first?.match == nil && docs.first?.pages == nil)
    }

    @Test func genuineWorksWithEveryKindOfDescription() throws {
        let string = try Self.recorded("works-OL45804W-fantastic-mr-fox-description-string.json")
        let typed = try Self.recorded("works-OL15832982W-sabriel-description-typed.json")
        let none = try Self.recorded("works-OL17420962W-science-of-discworld-iv-no-description.json")
        let fox = try OpenLibraryDecoder.work(from: string)
        #expect(fox.key == "/works/OL45804W" && fox.title == "Fantastic Mr Fox")
        #expect(fox.covers.contains(-1), "the -1 stays in the record; coverURL refuses it")
        #expect(OpenLibraryDecoder.coverURL(id: -1, base: Self.covers) == nil)
        let foxText = HTMLSanitizer.plainText(fromHTML: try #require(fox.description?.html))
        #expect(foxText.contains("Fox") && !foxText.contains("\r"))
        let sabriel = try OpenLibraryDecoder.work(from: typed)
        #expect(
            sabriel.description?.value == (try Self.object(typed)["description"] as? [String: Any])?["value"] as? String
        )
        #expect(sabriel.authors.map(\.id) == ["OL382982A"])
        let discworld = try OpenLibraryDecoder.work(from: none)
        #expect(discworld.description == nil && discworld.authors.count == 3)
    }

    @Test func genuineEditionsAndAnAuthor() throws {
        let fox = try Self.recorded("isbn-0140328726-fantastic-mr-fox.json")
        let sabriel = try Self.recorded("edition-sabriel.json")
        let markdown = try Self.recorded("edition-stars-with-you-description-markdown.json")
        let author = try Self.recorded("authors-OL25712A-terry-pratchett.json")
        let edition = try OpenLibraryDecoder.edition(from: fox)
        #expect(
            edition.isbn13 == ["9780140328721"] && edition.isbn10 == ["0140328726"] && edition.covers == [8_739_161])
        #expect(edition.works.compactMap(\.id) == ["OL45804W"] && edition.pageCount == 96)
        #expect(OpenLibraryDecoder.year(in: edition.publishDate) == 1988)
        let noCovers = try OpenLibraryDecoder.edition(from: sabriel)
        #expect(noCovers.covers.isEmpty && noCovers.isbn10.count == 3 && noCovers.description != nil)
        let stars = try OpenLibraryDecoder.edition(from: markdown)
        let text = HTMLSanitizer.plainText(fromHTML: try #require(stars.description?.html))
        #expect(
            !text.hasPrefix(">") && !text.contains("\r"),
            "the Markdown quote marker and CRs are gone: \(text.prefix(80))")
        #expect(try OpenLibraryDecoder.author(from: author).name == "Terry Pratchett")
    }

    // MARK: - booktag's own recording

    @Test func theSyntheticRecordingDecodes() throws {
        let data = try Data(
            contentsOf: Fixtures.openLibraryReplay.appendingPathComponent(
                "api/subjects-fantasy-limit-30-offset-30.json"))
        let page = try OpenLibraryDecoder.subjectPage(
            from: data, offset: 30, limit: 30, coversURL: URL(string: "http://127.0.0.1:8080/")!)
        #expect(page.totalResults == 75 && page.works.count == 30 && page.resultsStart == 31 && page.resultsEnd == 60)
        #expect(page.pageSize == 30, "the size asked for, not the span")
        #expect(page.works.first?.id == .openLibrary("OL5100000W"), "page 2 repeats page 1's first work")
        #expect(
            page.works.compactMap(\.imageURL).allSatisfy {
                $0.hasPrefix("http://127.0.0.1:8080/b/id/") && $0.hasSuffix("-L.jpg?default=false")
            })
    }

    // MARK: - Wrong shapes

    static let badAnswers: [(body: String, error: OpenLibraryError)] = [
        (#"{"work_count": 3, "works": [{"key": "/works/OL1W", "title": "A"#, .malformedJSON("")),
        (#"[{"key": "/works/OL1W"}]"#, .unexpectedShape("the answer is not a JSON object")),
        (#"{"work_count": 3}"#, .unexpectedShape("works is missing")),
        (#"{"work_count": "many", "works": []}"#, .unexpectedShape("work_count is not a number")),
        (#"{"work_count": null, "works": []}"#, .unexpectedShape("work_count is null")),
        (#"{"work_count": 1, "works": {"key": "/works/OL1W"}}"#, .unexpectedShape("works is not a list")),
        ("<!DOCTYPE html><html><body>Service unavailable</body></html>", .htmlPage),
        ("Too many requests", .notJSON(preview: "Too many requests")),
        ("", .notJSON(preview: "(an empty body)")),
    ]

    @Test(arguments: 0..<badAnswers.count)
    func aSubjectPageOfTheWrongShapeIsOneClearError(index: Int) throws {
        let (body, expected) = Self.badAnswers[index]
        let error = #expect(throws: OpenLibraryError.self) {
            try OpenLibraryDecoder.subjectPage(from: Data(body.utf8), offset: 0, limit: 30, coversURL: Self.covers)
        }
        if case .malformedJSON = expected {
            guard case .malformedJSON = error else {
                Issue.record("\(String(describing: error))")
                return
            }
        } else {
            #expect(error == expected)
        }
        let message = try #require(error?.localizedDescription)
        #expect(!message.contains("\n") && message.count < 200, "\(message)")
    }

    /// A work that is odd costs that work (or that field), never the page.
    @Test func oddWorksAreSkippedOrKeptWithoutTheOddField() throws {
        let body = #"""
            {"work_count": 5, "works": [
              {"key": "/works/OL1W", "title": "Fine", "cover_id": 11, "authors": [{"name": "A"}], "first_publish_year": 1999},
              {"key": "/works/OL2W", "title": "Cover id as text", "cover_id": "12", "authors": "nobody", "first_publish_year": "1999"},
              {"title": "No key"},
              {"key": "/books/OL3M", "title": "An edition, not a work"},
              {"key": "/works/OL4W", "title": ""},
              42
            ]}
            """#
        let page = try OpenLibraryDecoder.subjectPage(
            from: Data(body.utf8), offset: 0, limit: 30, coversURL: Self.covers)
        #expect(page.works.map(\.id.value) == ["OL1W", "OL2W"])
        #expect(page.skippedWorks == 4)
        #expect(
            page.works[1].imageURL == nil && page.works[1].authorName == nil
                && page.works[1].originalPublicationYear == nil)
        #expect(page.works[0].originalPublicationYear == 1999 && page.works[0].authorName == "A")
    }

    /// Open Library's descriptions are Markdown-ish text, now and then HTML: HTML goes through
    /// the sanitiser as Goodreads' does (plain text in the terminal, safe tags in pages); text
    /// without tags stays text, whatever `<` and `&` it holds.
    @Test func descriptionsWithHTMLAreSanitisedLikeGoodreads() throws {
        let text = OpenLibraryText(
            "<b>Bold</b> and <a href=\"https://example.org/a\">a link</a>.<script>alert(1)</script><img src=x onerror=alert(2)><iframe src=\"https://evil.example\"></iframe>\r\n\r\nSee [the author's site](https://example.org).\r\n> quoted"
        )
        let html = try #require(text.html)
        let safe = HTMLSanitizer.safeHTML(fromHTML: html)
        #expect(safe.contains("<b>Bold</b>") && safe.contains("href=\"https://example.org/a\""), "\(safe)")
        #expect(
            !safe.contains("<script") && !safe.contains("alert") && !safe.contains("<img") && !safe.contains("onerror")
                && !safe.contains("iframe"), "\(safe)")
        let plain = HTMLSanitizer.plainText(fromHTML: html)
        #expect(plain.contains("Bold and a link."), "\(plain)")
        #expect(!plain.contains("<") && !plain.contains("alert"), "\(plain)")
        #expect(plain.contains("See the author's site.") && !plain.contains("https://example.org)"))
        #expect(plain.contains("\nquoted") && !plain.contains("> quoted"))
        let comparison = try #require(OpenLibraryText("If a < b && c > d, then <3 is not a tag.").html)
        #expect(HTMLSanitizer.plainText(fromHTML: comparison) == "If a < b && c > d, then <3 is not a tag.")
        #expect(OpenLibraryText("   \r\n ").html == nil)
    }

    // MARK: - Names

    @Test func subjectKeysAreLowerCaseWithUnderscoresAndEncoded() {
        #expect(OpenLibraryClient.subjectKey("Science  Fiction") == "science_fiction")
        #expect(OpenLibraryClient.subjectKey("../a/b?c") == "..%2Fa%2Fb%3Fc")
        #expect(OpenLibraryClient.subjectKey("魔法") == "%E9%AD%94%E6%B3%95")
    }

    @Test func idsAreReadAsUsersTypeThem() {
        #expect(BookID(parsing: "5100000") == .goodreads(5_100_000))
        #expect(BookID(parsing: "OL45804W") == .openLibrary("OL45804W"))
        #expect(BookID(parsing: " ol45804w ") == .openLibrary("OL45804W"))
        #expect(BookID(parsing: "/works/OL45804W") == .openLibrary("OL45804W"))
        for bad in ["OL7353617M", "OLW", "OL12345678901234W", "-5", "0", "abc", "", "５１"] {
            #expect(BookID(parsing: bad) == nil, "\(bad)")
        }
    }

    /// Spaces and tabs around an id go, as Foundation's `.whitespaces` trims them (tab, every
    /// space separator — no-break, ideographic — and the zero-width space: every scalar up to
    /// U+30000 was compared once); line breaks and spaces inside stay.
    @Test func idsLoseTheSpacesAroundThemOnly() {
        #expect(BookID(parsing: "\t\u{A0}5100000\u{3000} ") == .goodreads(5_100_000))
        #expect(BookID(parsing: "5100000\n") == nil)
        #expect(BookID(parsing: "51 00000") == nil)
        let samples = [
            "", " ", "\t\t", " OL1W ", "\u{2003}x\u{2003}", " e\u{301} ", "\u{A0}\n5\n\u{A0}", "a b",
            "\u{200B}5\u{200B}",
            "\u{3000}魔法 ", " 👍🏽\t",
        ]
        for text in samples {
            #expect(
                BookID.trimmingSpaces(text) == Substring(text.trimmingCharacters(in: .whitespaces)),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
