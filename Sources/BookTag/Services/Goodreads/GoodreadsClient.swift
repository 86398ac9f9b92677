import Foundation

/// The Goodreads XML API as a `BookSource`: search, book by id, book by ISBN.
///
/// Every call goes through `APICaller`: the throttle (unless there is none, as when replaying a
/// recording), redirects and the retry policy. The key is sent in the query and appears nowhere else: every URL this
/// type reports or records has it redacted.
public struct GoodreadsClient: BookSource {
    /// Where the API lives.
    public var baseURL: URL
    /// The developer key; redacted from everything shown or recorded.
    public var apiKey: String
    /// How every call is made: transport, throttle, interval, retries, deadline, and the
    /// callbacks that report waits and requests.
    public var caller: APICaller

    /// Why a call waits.
    public typealias WaitReason = APICaller.WaitReason

    public var kind: SourceKind { .goodreads }

    /// Goodreads answers search pages up to this one.
    public let maximumSearchPage = 100

    /// A client; its calls go through `throttle` at least `minimumRequestInterval` apart.
    public init(
        baseURL: URL = URL(string: "https://www.goodreads.com")!, apiKey: String, transport: any HTTPTransport,
        throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0, retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, WaitReason) -> Void = { _, _ in },
        onRequest: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        caller = APICaller(
            transport: transport, throttle: throttle, minimumRequestInterval: minimumRequestInterval,
            retryPolicy: retryPolicy,
            onWait: onWait, onRequest: onRequest)
    }

    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let body = try await call(path: "search/index.xml", query: [("q", query), ("page", String(page))])
        return try GoodreadsDecoder.searchPage(from: body)
    }

    public func book(id: BookID) async throws -> BookDetails {
        guard let number = id.goodreadsNumber else { throw BookSourceError.foreignID(id, asked: .goodreads) }
        return try GoodreadsDecoder.book(from: try await call(path: "book/show/\(number).xml", query: []))
    }

    public func book(isbn: ISBN) async throws -> BookDetails {
        try GoodreadsDecoder.book(from: try await call(path: "book/isbn/\(isbn.isbn13)", query: [("format", "xml")]))
    }

    /// The URL of an API call; query values are percent-encoded strictly (a `+` or `&` in a tag
    /// stays part of the tag).
    func url(path: String, query: [(String, String)]) -> URL {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let items = ([("key", apiKey)] + query).map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        var base = baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        return URL(string: base + path + "?" + items.joined(separator: "&"))!
    }

    private func call(path: String, query: [(String, String)]) async throws -> Data {
        let url = url(path: path, query: query)
        let response = try await caller.get(url)
        switch response.status {
        case 200..<300:
            return response.body
        case 401:
            throw FetchError.unauthorized
        case 404:
            // Goodreads explains some 404s in an <error> body ("book not found").
            if let explained = Self.apiError(in: response.body) { throw explained }
            throw FetchError.notFound(url: url.redactingAPIKey)
        default:
            throw FetchError.httpStatus(status: response.status, url: url.redactingAPIKey)
        }
    }

    private static func apiError(in body: Data) -> GoodreadsError? {
        do {
            _ = try GoodreadsDecoder.responseElement(from: body)
            return nil
        } catch {
            if case .apiError = error { return error }
            return nil
        }
    }
}
