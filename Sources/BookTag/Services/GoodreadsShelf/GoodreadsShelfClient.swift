import Foundation

/// A reader's public Goodreads shelf as a `BookSource`: its RSS feed, page after page, with no
/// key. The query is the shelf (`12345/read`); the books are Goodreads books, so a book met on a
/// shelf and in a Goodreads search is one book.
///
/// Feed pages go through `APICaller` like every API call: the Goodreads host's throttle (one
/// second apart, across processes), retries, redirects and the 10 MiB cap.
public struct GoodreadsShelfClient: BookListSource {
    /// Goodreads' address.
    public var baseURL: URL
    /// Every page goes through it: throttle, retries, size cap.
    public var caller: APICaller

    public var kind: SourceKind { .goodreads }
    public var listDescription: String { "a Goodreads shelf feed" }
    /// A shelf is read at most this far (20,000 books at Goodreads' 100 a page).
    public let maximumSearchPage = 200

    /// A client for shelf feeds.
    public init(
        baseURL: URL = URL(string: "https://www.goodreads.com")!, transport: any HTTPTransport,
        throttle: RequestThrottle?,
        minimumRequestInterval: Double = 1.0, retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, APICaller.WaitReason) -> Void = { _, _ in },
        onRequest: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        caller = APICaller(
            transport: transport, throttle: throttle, minimumRequestInterval: minimumRequestInterval,
            retryPolicy: retryPolicy,
            onWait: onWait, onRequest: onRequest)
    }

    /// One page of the shelf `query` names (`USER_ID/SHELF`), in the feed's order. A page past
    /// the last is an empty channel: no books, not an error.
    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let shelf = try ShelfReference(query)
        let url = url(for: shelf, page: page)
        let response = try await caller.get(url)
        switch response.status {
        case 200..<300:
            break
        case 404:
            throw ShelfFeedError.noSuchShelf(shelf.description)
        default:
            throw FetchError.httpStatus(status: response.status, url: url.absoluteString)
        }
        let (items, skipped) = try ShelfFeedDecoder.items(from: response.body)
        return SearchPage(
            query: shelf.description, resultsStart: 1, resultsEnd: items.count, totalResults: items.count,
            works: items.map(\.work), skippedWorks: skipped, isOpenEnded: true)
    }

    /// `{baseURL}/review/list_rss/{user}?shelf={shelf}&page={n}`: both parts are validated
    /// (digits; letters, digits, `-`, `_`), so they go in as they are.
    public func url(for shelf: ShelfReference, page: Int) -> URL {
        var base = baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        return URL(string: base + "review/list_rss/\(shelf.userID)?shelf=\(shelf.shelf)&page=\(max(1, page))")!
    }
}
