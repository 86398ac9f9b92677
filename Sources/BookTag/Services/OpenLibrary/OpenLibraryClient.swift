import Foundation

/// Open Library as a `BookSource`: subjects are tags, covers come by id, and a book's details
/// are its edition, work, authors and ratings. No key: anyone can use it.
///
/// Every API call goes through `APICaller`, with the same throttle, retries and size cap as
/// Goodreads; a 403 or 429 is Open Library's rate limit (see `APICaller.RateLimitRule`). Cover
/// downloads (`covers.openlibrary.org/b/id/…`) are not API calls.
public struct OpenLibraryClient: BookSource {
    /// Where the API lives.
    public var baseURL: URL
    /// Where covers live.
    public var coversURL: URL
    /// How every call is made: transport, throttle, interval, retries, deadline, and the
    /// callbacks that report waits and requests.
    public var caller: APICaller
    /// Works per subject page. About two and a half collages' worth: one call nearly always
    /// yields 12 covered books even when a third of the works lack covers, and a page stays
    /// near 60 KB.
    public var pageSize = 30
    /// At most this many authors are looked up for `show` (each is an API call).
    public var maximumAuthors = 3

    public var kind: SourceKind { .openlibrary }
    /// Subject pages beyond this are not asked for (deep offsets are slow for Open Library).
    public let maximumSearchPage = 100

    /// Open Library's API.
    public static let defaultBaseURL = URL(string: "https://openlibrary.org")!
    /// Open Library's covers.
    public static let defaultCoversURL = URL(string: "https://covers.openlibrary.org")!

    /// A client; its calls go through `throttle` at least `minimumRequestInterval` apart.
    public init(
        baseURL: URL = OpenLibraryClient.defaultBaseURL, coversURL: URL = OpenLibraryClient.defaultCoversURL,
        transport: any HTTPTransport, throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0,
        retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, APICaller.WaitReason) -> Void = { _, _ in },
        onRequest: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        self.coversURL = coversURL
        caller = APICaller(
            transport: transport, throttle: throttle, minimumRequestInterval: minimumRequestInterval,
            retryPolicy: retryPolicy,
            onWait: onWait, onRequest: onRequest)
    }

    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let offset = (max(1, page) - 1) * pageSize
        guard
            let body = try await call(
                "subjects/\(Self.subjectKey(query)).json",
                query: [("limit", String(pageSize)), ("offset", String(offset))],
                notFound: nil)
        else {
            // Open Library answers an unknown subject with no works; a 404 means the same.
            return SearchPage(
                query: query, resultsStart: offset + 1, resultsEnd: offset, totalResults: 0, works: [],
                pageSizeAsked: pageSize)
        }
        return try OpenLibraryDecoder.subjectPage(from: body, offset: offset, limit: pageSize, coversURL: coversURL)
    }

    public func book(id: BookID) async throws -> BookDetails {
        guard id.source == .openlibrary, let workID = BookID.openLibraryWorkID(id.value) else {
            throw BookSourceError.foreignID(id, asked: .openlibrary)
        }
        guard let body = try await call("works/\(workID).json", notFound: "id \(workID)") else {
            throw BookSourceError.bookNotFound(source: .openlibrary, what: "id \(workID)")
        }
        let work = try OpenLibraryDecoder.work(from: body)
        return try await details(edition: nil, work: work, workID: workID)
    }

    public func book(isbn: ISBN) async throws -> BookDetails {
        let what = "ISBN \(isbn.isbn13)"
        guard let body = try await call("isbn/\(isbn.isbn13).json", notFound: what) else {
            throw BookSourceError.bookNotFound(source: .openlibrary, what: what)
        }
        let edition = try OpenLibraryDecoder.edition(from: body)
        var work: WorkRecord?
        var missing: [String] = []
        let workID = edition.works.lazy.compactMap { $0.id.flatMap(BookID.openLibraryWorkID) }.first
        if let workID, let body = try await call("works/\(workID).json", notFound: nil) {
            do {
                work = try OpenLibraryDecoder.work(from: body)
            } catch {
                missing.append("the work \(workID) (its description, first publication year and ratings)")
            }
        }
        // An edition with no work (rare) is known by its own key.
        let id = workID ?? edition.key.split(separator: "/").last.map(String.init) ?? isbn.isbn13
        var details = try await details(edition: edition, work: work, workID: id)
        if !missing.isEmpty { details.missingParts = missing + (details.missingParts ?? []) }
        if details.isbn13 == nil { details.isbn13 = isbn.isbn13 }
        return details
    }

    /// The subject as Open Library keys it: lower-case, `_` for spaces, percent-encoded.
    public static func subjectKey(_ tag: String) -> String {
        let key = tag.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "_")
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key
    }

    // MARK: - Details

    /// Combines what the edition (when asked by ISBN), the work, its authors and its ratings say.
    private func details(edition: EditionRecord?, work: WorkRecord?, workID: String) async throws -> BookDetails {
        var details = BookDetails(id: .openLibrary(workID), title: edition?.title ?? work?.title ?? "(untitled)")
        details.isbn = edition?.isbn10.first
        details.isbn13 = edition?.isbn13.first
        let cover = (edition?.covers ?? []).first { $0 > 0 } ?? (work?.covers ?? []).first { $0 > 0 }
        details.imageURL = cover.flatMap { OpenLibraryDecoder.coverURL(id: $0, base: coversURL) }
        details.publicationYear = OpenLibraryDecoder.year(in: edition?.publishDate)
        details.originalPublicationYear = OpenLibraryDecoder.year(in: work?.firstPublishDate)
        details.publisher = edition?.publishers.first
        details.pageCount = edition?.pageCount
        details.descriptionHTML = (edition?.description ?? work?.description)?.html
        let authors = (edition?.authors.isEmpty == false ? edition?.authors : work?.authors) ?? []
        var missing: [String] = []
        for reference in authors.prefix(maximumAuthors) {
            guard let id = reference.id, let body = try await call("authors/\(id).json", notFound: nil) else {
                continue
            }
            guard let author = try? OpenLibraryDecoder.author(from: body) else {
                missing.append("the author \(id)")
                continue
            }
            if let name = author.name, !name.isEmpty { details.authors.append(BookAuthor(id: nil, name: name)) }
        }
        if work != nil, let body = try await call("works/\(workID)/ratings.json", notFound: nil) {
            if let ratings = try? OpenLibraryDecoder.ratings(from: body) {
                details.averageRating = ratings.average
                details.ratingsCount = ratings.count
            } else {
                missing.append("the ratings")
            }
        }
        if !missing.isEmpty { details.missingParts = missing }
        return details
    }

    // MARK: - Calls

    /// The body of a successful call; `nil` for a 404 when `notFound` is `nil` (the caller can do
    /// without), else a `BookSourceError.bookNotFound` naming `notFound`.
    func call(_ path: String, query: [(String, String)] = [], notFound: String?) async throws -> Data? {
        let url = url(path: path, query: query)
        let response = try await caller.get(url, rateLimit: .openLibrary) {
            OpenLibraryError.rateLimited(retryAfter: $0)
        }
        switch response.status {
        case 200..<300:
            return response.body
        case 404:
            if let notFound { throw BookSourceError.bookNotFound(source: .openlibrary, what: notFound) }
            return nil
        default:
            throw FetchError.httpStatus(status: response.status, url: url.absoluteString)
        }
    }

    func url(path: String, query: [(String, String)]) -> URL {
        var base = baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let items = query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        return URL(string: base + path + (items.isEmpty ? "" : "?" + items))!
    }
}
