import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The Open Library source against scripted answers: what it asks, how it follows an ISBN to its
/// edition, work, authors and ratings, and how it meets rate limits and bad answers.
struct OpenLibraryClientTests {
    static func recorded(_ name: String) throws -> HTTPResponse {
        HTTPResponse(
            status: 200, body: try Data(contentsOf: Fixtures.openLibraryReplay.appendingPathComponent("api/\(name)")))
    }

    static func client(_ transport: ScriptedTransport, clock: FakeClock = FakeClock()) -> OpenLibraryClient {
        var client = OpenLibraryClient(transport: transport, throttle: nil)
        client.caller.clock = clock
        return client
    }

    @Test func subjectPagesAreAskedByOffsetWithTheSubjectKey() async throws {
        let transport = ScriptedTransport([
            "/subjects/fantasy.json": [.respond(try Self.recorded("subjects-fantasy-limit-30-offset-30.json"))]
        ])
        let page = try await Self.client(transport).searchPage(for: "fantasy", page: 2)
        #expect(page.works.count == 30 && page.totalResults == 75)
        let url = try #require(transport.requests.first?.url)
        #expect(url.absoluteString == "https://openlibrary.org/subjects/fantasy.json?limit=30&offset=30")
        #expect(transport.requests.first?.kind == .api)
    }

    /// A subject Open Library answers 404 for has no books, as one with `work_count` 0.
    @Test func anUnknownSubjectHasNoBooks() async throws {
        let transport = ScriptedTransport([:])
        let page = try await Self.client(transport).searchPage(for: "zzqx", page: 1)
        #expect(page.totalResults == 0 && page.works.isEmpty)
    }

    @Test func aBookByISBNIsItsEditionWorkAuthorsAndRatings() async throws {
        let transport = ScriptedTransport([
            "/isbn/9781234567897.json": [
                .respond(
                    HTTPResponse(
                        status: 302, headers: ["Location": "https://openlibrary.org/books/OL1000001M.json"],
                        body: Data()))
            ],
            "/books/OL1000001M.json": [.respond(try Self.recorded("books-OL1000001M.json"))],
            "/works/OL5100000W.json": [.respond(try Self.recorded("works-OL5100000W.json"))],
            "/authors/OL900000A.json": [.respond(try Self.recorded("authors-OL900000A.json"))],
            "/works/OL5100000W/ratings.json": [.respond(try Self.recorded("works-OL5100000W-ratings.json"))],
        ])
        let book = try await Self.client(transport).book(isbn: ISBN("978-1-234-56789-7"))
        #expect(
            transport.requests.map(\.url.path) == [
                "/isbn/9781234567897.json", "/books/OL1000001M.json", "/works/OL5100000W.json",
                "/authors/OL900000A.json", "/works/OL5100000W/ratings.json",
            ])
        #expect(book.id == .openLibrary("OL5100000W"))
        #expect(book.title == "The Silver Crown" && book.authors.map(\.name) == ["Elena Marsh"])
        #expect(book.isbn == "123456789X" && book.isbn13 == "9781234567897")
        #expect(book.publisher == "Lantern & Vale" && book.pageCount == 352)
        #expect(book.publicationYear == 2011 && book.originalPublicationYear == 1998)
        #expect(book.averageRating == 4.0512 && book.ratingsCount == 321)
        #expect(book.imageURL == "https://covers.openlibrary.org/b/id/13100000-L.jpg?default=false")
        let description = try #require(book.descriptionHTML)
        // HTML in a description goes to the sanitiser, as Goodreads' does.
        let safe = HTMLSanitizer.safeHTML(fromHTML: description)
        #expect(safe.contains("<b>markup</b>") && !safe.contains("script") && !safe.contains("alert"), "\(safe)")
        #expect(!HTMLSanitizer.plainText(fromHTML: description).contains("alert"))
    }

    @Test func aWorkByIdNeedsNoEdition() async throws {
        let transport = ScriptedTransport([
            "/works/OL5100000W.json": [.respond(try Self.recorded("works-OL5100000W.json"))],
            "/authors/OL900000A.json": [.respond(HTTPResponse(status: 404, body: Data("{}".utf8)))],
            "/works/OL5100000W/ratings.json": [.respond(try Self.recorded("works-OL5100000W-ratings.json"))],
        ])
        let book = try await Self.client(transport).book(id: .openLibrary("OL5100000W"))
        #expect(
            book.title == "The Silver Crown" && book.isbn13 == nil && book.authors.isEmpty,
            "a missing author costs the name only")
        #expect(book.averageRating == 4.0512)
        await #expect(throws: BookSourceError.foreignID(.goodreads(5), asked: .openlibrary)) {
            try await Self.client(transport).book(id: .goodreads(5))
        }
    }

    /// An ISBN Open Library does not know: one request, one clear error.
    @Test func anUnknownISBNIsOneRequestAndNotFound() async throws {
        let transport = ScriptedTransport([
            "/isbn/9780000000002.json": [.respond(try Self.recorded("isbn-9780000000002.json").with(status: 404))]
        ])
        await #expect(throws: BookSourceError.bookNotFound(source: .openlibrary, what: "ISBN 9780000000002")) {
            try await Self.client(transport).book(isbn: ISBN("9780000000002"))
        }
        #expect(transport.requests.count == 1)
    }

    /// 403 and 429 are Open Library's rate limit: waited out when it says how long, else an
    /// error at once (no back-off hammering).
    @Test(arguments: [403, 429])
    func aRateLimitIsWaitedOutOnlyWhenOpenLibrarySaysHowLong(status: Int) async throws {
        let page = try Self.recorded("subjects-fantasy-limit-30-offset-0.json")
        let told = ScriptedTransport([
            "/subjects/fantasy.json": [
                .respond(HTTPResponse(status: status, headers: ["Retry-After": "2"], body: Data("slow down".utf8))),
                .respond(page),
            ]
        ])
        let clock = FakeClock()
        #expect(try await Self.client(told, clock: clock).searchPage(for: "fantasy", page: 1).works.count == 30)
        #expect(clock.sleeps == [2] && told.requests.count == 2)

        let untold = ScriptedTransport([
            "/subjects/fantasy.json": [.respond(HTTPResponse(status: status, body: Data("slow down".utf8)))]
        ])
        let error = await #expect(throws: OpenLibraryError.rateLimited(retryAfter: nil)) {
            try await Self.client(untold, clock: clock).searchPage(for: "fantasy", page: 1)
        }
        #expect(untold.requests.count == 1)
        #expect(error?.localizedDescription.contains("wait") == true)
    }

    @Test func aRedirectToAnotherSchemeIsRefused() async throws {
        let transport = ScriptedTransport([
            "/isbn/9781234567897.json": [
                .respond(HTTPResponse(status: 302, headers: ["Location": "file:///etc/passwd"], body: Data()))
            ]
        ])
        await #expect(throws: FetchError.unsafeRedirect(to: "file:///etc/passwd")) {
            try await Self.client(transport).book(isbn: ISBN("9781234567897"))
        }
    }
}

extension HTTPResponse {
    func with(status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body)
    }
}
