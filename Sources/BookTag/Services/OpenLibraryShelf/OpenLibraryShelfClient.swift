import Foundation

/// A reader's public Open Library reading log as a `BookSource`: `already-read`,
/// `currently-reading` or `want-to-read`, page after page, with no key. The query is the shelf
/// (`mira/already-read`); the books are Open Library works, so a book met on a reading log and in
/// a subject is one book.
///
/// Pages go through `APICaller` with the Open Library host's throttle, retries and size cap.
/// Open Library keeps the day a book was shelved, not the day it was finished: that day is the
/// book's `dateRead`, and a tag's `--year` is the year it was shelved.
public struct OpenLibraryShelfClient: BookListSource {
    /// Open Library's API.
    public var baseURL: URL
    /// Where covers live.
    public var coversURL: URL
    /// Every page goes through it: throttle, retries, size cap.
    public var caller: APICaller

    public var kind: SourceKind { .openlibrary }
    public var listDescription: String { "an Open Library reading log" }
    /// A log is read at most this far.
    public let maximumSearchPage = 200

    /// A client for reading logs.
    public init(
        baseURL: URL = OpenLibraryClient.defaultBaseURL, coversURL: URL = OpenLibraryClient.defaultCoversURL,
        transport: any HTTPTransport,
        throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0, retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, APICaller.WaitReason) -> Void = { _, _ in }
    ) {
        self.baseURL = baseURL
        self.coversURL = coversURL
        caller = APICaller(
            transport: transport, throttle: throttle, minimumRequestInterval: minimumRequestInterval,
            retryPolicy: retryPolicy, onWait: onWait)
    }

    /// One page of the reading log `query` names (`USER/SHELF`), newest shelved first. A page
    /// past the last lists no book: not an error.
    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let shelf = try ShelfReference(query, source: .openlibrary)
        let url = url(for: shelf, page: page)
        let response = try await caller.get(url, rateLimit: .openLibrary) {
            OpenLibraryError.rateLimited(retryAfter: $0)
        }
        switch response.status {
        case 200..<300: break
        case 404: throw OpenLibraryShelfError.notPublic(shelf.description)
        default: throw FetchError.httpStatus(status: response.status, url: url.absoluteString)
        }
        let log = try OpenLibraryDecoder.decode(ReadingLogResponse.self, from: response.body)
        if log.error != nil { throw OpenLibraryShelfError.notPublic(shelf.description) }
        var works: [SearchWork] = []
        var skipped = 0
        for entry in log.entries {
            guard let book = entry.value, book.key.hasPrefix("/works/"),
                let id = BookID.openLibraryWorkID(book.key.split(separator: "/").last ?? ""),
                !book.title.isEmpty
            else {
                skipped += 1
                continue
            }
            let imageURL = book.coverID.flatMap { OpenLibraryDecoder.coverURL(id: $0, base: coversURL) }
            let details = BookDetails(
                id: .openLibrary(id), title: book.title, imageURL: imageURL,
                originalPublicationYear: book.firstPublishYear,
                authors: book.authorNames.prefix(3).map { BookAuthor(id: nil, name: $0) },
                reading: book.loggedDay.map { Reading(dateRead: $0) })
            works.append(
                SearchWork(
                    id: .openLibrary(id), title: book.title, authorName: book.authorNames.first, imageURL: imageURL,
                    originalPublicationYear: book.firstPublishYear, details: details))
        }
        return SearchPage(
            query: shelf.description, resultsStart: 1, resultsEnd: works.count, totalResults: works.count, works: works,
            skippedWorks: skipped,
            isOpenEnded: true)
    }

    /// `{baseURL}/people/{user}/books/{shelf}.json?page={n}`: both parts are validated
    /// (`ShelfReference`), so they go in as they are.
    public func url(for shelf: ShelfReference, page: Int) -> URL {
        var base = baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        return URL(string: base + "people/\(shelf.userID)/books/\(shelf.shelf).json?page=\(max(1, page))")!
    }
}
