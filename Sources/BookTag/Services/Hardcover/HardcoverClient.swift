import Foundation

/// A reader's own Hardcover library as a `BookSource`: the books of one status (`read` by
/// default), newest read first, through Hardcover's GraphQL API with the reader's personal token.
///
/// Every page is one POST through `APICaller`: the throttle of Hardcover's host (it allows 60
/// requests a minute), retries, the size cap, and record and replay (the token is a header, so a
/// recording never holds it). Books keep the reader's half stars, every read's finish day and
/// the edition's pages; a book Hardcover has no image for gets its cover from Open Library when
/// `coverFallback` is given.
public struct HardcoverClient: BookListSource {
    /// Hardcover's GraphQL endpoint.
    public var baseURL: URL
    /// The reader's token, without `Bearer `.
    public var token: String
    /// Every page goes through it.
    public var caller: APICaller
    /// Finds covers at Open Library for books Hardcover has no image of.
    public var coverFallback: CoverSearch?
    /// Books a page.
    public var pageSize = HardcoverQuery.pageSize

    public var kind: SourceKind { .hardcover }
    public var listDescription: String { "a Hardcover library" }
    /// A library is read at most this far.
    public let maximumSearchPage = 500

    /// A client asking `baseURL` with `token`.
    public init(
        baseURL: URL = HardcoverSettings.defaultBaseURL, token: String, transport: any HTTPTransport,
        throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0, retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, APICaller.WaitReason) -> Void = { _, _ in }
    ) {
        self.baseURL = baseURL
        self.token = token
        caller = APICaller(
            transport: transport, throttle: throttle, minimumRequestInterval: minimumRequestInterval,
            retryPolicy: retryPolicy, onWait: onWait)
    }

    /// Hardcover: 429, waited out when it says how long, else reported.
    static let rateLimit = APICaller.RateLimitRule(statuses: [429], backsOffWithoutRetryAfter: false)

    /// One page of the status `query` names (`read`, `want-to-read`, …). A page past the last
    /// lists no book: not an error.
    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let shelf = try ShelfReference(query, source: .hardcover)
        guard let status = shelf.hardcoverStatus else { throw ShelfReferenceError.badHardcoverShelf(query) }
        let body = HardcoverQuery.body(status: status, page: page, pageSize: pageSize)
        let headers = [
            "Authorization": "Bearer \(token)", "Content-Type": "application/json", "Accept": "application/json",
        ]
        let response = try await caller.post(baseURL, body: body, headers: headers, rateLimit: Self.rateLimit) {
            HardcoverError.rateLimited(retryAfter: $0)
        }
        let books = try Self.userBooks(from: response)
        var works: [SearchWork] = []
        var skipped = 0
        for userBook in books {
            guard let work = work(from: userBook) else {
                skipped += 1
                continue
            }
            works.append(work)
        }
        if let coverFallback { works = try await coverFallback.fillingCovers(of: works) }
        return SearchPage(
            query: shelf.description, resultsStart: 1, resultsEnd: works.count, totalResults: works.count, works: works,
            skippedWorks: skipped, isOpenEnded: true)
    }

    /// The user's books of a page, or the refusal Hardcover answered with.
    static func userBooks(from response: HTTPResponse) throws -> [HardcoverResponse.UserBook] {
        let answer: HardcoverResponse?
        do {
            answer = try JSONDecoder().decode(HardcoverResponse.self, from: response.body)
        } catch {
            answer = nil
        }
        if response.status == 401 || answer?.error == "invalid_token" { throw HardcoverError.tokenRefused }
        if let errors = answer?.errors, !errors.isEmpty {
            let codes = errors.compactMap { $0.extensions?.code }
            if codes.contains(where: { ["invalid-headers", "invalid-jwt", "access-denied"].contains($0) }) {
                throw HardcoverError.tokenRefused
            }
            let message = errors.compactMap(\.message).first ?? "no message"
            throw HardcoverError.graphQL(HTMLSanitizer.plainText(fromHTML: String(message.prefix(300))))
        }
        guard (200..<300).contains(response.status) else {
            throw FetchError.httpStatus(status: response.status, url: "Hardcover's API")
        }
        guard let answer else { throw HardcoverError.malformed("it is not JSON") }
        guard let data = answer.data else { throw HardcoverError.malformed("\"data\" is null, with no error") }
        guard let me = data.me else { throw HardcoverError.malformed("\"me\" is missing") }
        // A token that names no user answers an empty list.
        guard let user = me.first else { throw HardcoverError.tokenRefused }
        return user.userBooks ?? []
    }

    /// A book as booktag keeps it; `nil` for one without an id or a title.
    func work(from userBook: HardcoverResponse.UserBook) -> SearchWork? {
        guard let book = userBook.book, let id = book.id, id > 0,
            let title = book.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty
        else { return nil }
        let bookID = BookID(source: .hardcover, value: String(id))
        let authors = (book.contributions ?? []).compactMap { $0.author?.name }.filter { !$0.isEmpty }.prefix(3)
        let image = RemoteAddress.address(book.image?.url, sourceIsLoopback: baseURL.isLoopback)
        var finished: [String] = []
        var starts: [String: String] = [:]
        for read in userBook.reads ?? [] {
            guard let finish = read.finishedAt.map({ String($0.prefix(10)) }) else { continue }
            finished.append(finish)
            if let start = read.startedAt { starts[finish] = String(start.prefix(10)) }
        }
        let reading = Reading(
            stars: userBook.rating, dateRead: finished.max() ?? userBook.lastReadDate.map { String($0.prefix(10)) },
            readDates: finished, readStarts: starts)
        let isbn13 = userBook.edition?.isbn13.flatMap { try? ISBN($0) }?.isbn13
        let isbn10 = userBook.edition?.isbn10.flatMap { try? ISBN($0) }?.isbn10
        var details = BookDetails(
            id: bookID, title: title, isbn: isbn10, isbn13: isbn13, imageURL: image,
            originalPublicationYear: book.releaseYear, pageCount: userBook.edition?.pages ?? book.pages,
            authors: authors.map { BookAuthor(id: nil, name: $0) }, reading: reading.isEmpty ? nil : reading)
        details.pageCountSource = details.pageCount == nil ? nil : .hardcover
        return SearchWork(
            id: bookID, title: title, authorName: authors.first, imageURL: image,
            originalPublicationYear: book.releaseYear, details: details)
    }
}
