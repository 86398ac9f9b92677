import Foundation

/// SYNTHETIC: a Hardcover GraphQL endpoint on 127.0.0.1 made from the documented schema
/// (`../shared/fixtures/hardcover/docs/hardcover-docs__schema.graphql`): `POST /v1/graphql` with
/// `{"query", "variables": {"status", "limit", "offset"}}` and `Authorization: Bearer TOKEN`
/// answers `{"data": {"me": [{"user_books": [...]}]}}` from a library made here, and serves the
/// books' images under `/images/`. No genuine library answer with a licence to copy exists; the
/// shapes and the error bodies follow Hardcover's docs and the errors clients logged.
public final class SyntheticHardcover: Sendable {
    /// One book of the reader's library.
    public struct Book: Sendable {
        public var id: Int
        public var title: String
        public var author: String
        public var status: Int
        public var rating: Double?
        /// Each read's finish day, oldest first.
        public var finished: [String]
        public var pages: Int?
        public var isbn13: String?
        /// Whether Hardcover has an image of it.
        public var hasImage: Bool
    }

    /// A fault answered instead of the library: for the request number (0-based) it gets.
    public typealias Fault = @Sendable (_ request: LoopbackServer.Request, _ number: Int) -> LoopbackServer.Reply?

    public let server: LoopbackServer
    public let books: [Book]
    public let token: String

    /// The library of `count` books: read in 2024 and 2025, every fifth re-read, half stars, every
    /// seventh without an image (ISBN `978000000NNNN`), the rest's images served here.
    public init(
        token: String = "hc-test-\(UUID().uuidString)", count: Int = 130, fault: @escaping Fault = { _, _ in nil }
    )
        throws
    {
        var books: [Book] = []
        for number in 1...count {
            let year = number % 3 == 0 ? 2024 : 2025
            let month = String(format: "%02d", number % 12 + 1)
            var finished = ["\(year)-\(month)-1\(number % 9)"]
            if number % 5 == 0 { finished.insert("2023-06-0\(number % 9 + 1)", at: 0) }
            if number % 10 == 0 { finished.append("2025-12-31") }
            books.append(
                Book(
                    id: 500_000 + number, title: "Hardcover Book \(number)", author: "Author \(number % 7)",
                    status: number % 11 == 0 ? 1 : 3, rating: number % 4 == 0 ? nil : Double(number % 9 + 1) / 2,
                    finished: finished, pages: number % 6 == 0 ? nil : 100 + number,
                    isbn13: ISBNs.thirteen(number), hasImage: number % 7 != 0))
        }
        self.books = books
        self.token = token
        let counter = Counter()
        let library = books
        let expected = token
        let handler: @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply = { request in
            let number = counter.next()
            if let reply = fault(request, number) { return reply }
            if request.path.hasPrefix("/images/") {
                return LoopbackServer.Reply(
                    status: 200, headers: ["Content-Type": "image/png"],
                    body: SyntheticBooks.pngCover(seed: request.path))
            }
            guard request.method == "POST", request.path == "/v1/graphql" else {
                return LoopbackServer.Reply(status: 404, body: Data("{\"error\": \"not found\"}".utf8))
            }
            guard request.headers["authorization"] == "Bearer \(expected)" else {
                return LoopbackServer.Reply(
                    status: 401, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"error":"invalid_token","error_description":"Unable to verify token"}"#.utf8))
            }
            return Self.answer(request, library: library, port: request.headers["host"] ?? "")
        }
        server = try LoopbackServer(handler: handler)
    }

    /// The endpoint for `hardcover.baseURL`.
    public var endpoint: URL { server.baseURL.appendingPathComponent("v1/graphql") }
    /// The GraphQL requests received.
    public var queries: [LoopbackServer.Request] { server.requests.filter { $0.path == "/v1/graphql" } }

    static func answer(_ request: LoopbackServer.Request, library: [Book], port host: String) -> LoopbackServer.Reply {
        struct Asked: Decodable {
            struct Variables: Decodable {
                var status: Int
                var limit: Int
                var offset: Int
            }
            var query: String
            var variables: Variables
        }
        guard let asked = try? JSONDecoder().decode(Asked.self, from: request.body),
            asked.query.contains("user_books")
        else {
            let body =
                #"{"errors":[{"message":"field 'x' not found in type: 'query_root'","extensions":{"path":"$","code":"validation-failed"}}]}"#
            return LoopbackServer.Reply(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let shelf = library.filter { $0.status == asked.variables.status }
            .sorted { ($0.finished.last ?? "", $0.id) > ($1.finished.last ?? "", $1.id) }
        let page = shelf.dropFirst(asked.variables.offset).prefix(asked.variables.limit)
        let userBooks: [[String: Any]] = page.map { book in
            [
                "id": book.id + 1_000_000, "rating": book.rating as Any, "last_read_date": book.finished.last as Any,
                "user_book_reads": book.finished.map { ["started_at": NSNull(), "finished_at": $0] },
                "edition": ["pages": book.pages as Any, "isbn_10": NSNull(), "isbn_13": book.isbn13 as Any],
                "book": [
                    "id": book.id, "title": book.title, "release_year": 2001, "pages": NSNull(),
                    "image": book.hasImage ? ["url": "http://\(host)/images/\(book.id).png"] : NSNull(),
                    "contributions": [["author": ["name": book.author]]],
                ] as [String: Any],
            ]
        }
        let body = try! JSONSerialization.data(withJSONObject: ["data": ["me": [["user_books": userBooks]]]])
        return LoopbackServer.Reply(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}

/// Numbers requests in the order they come.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }
}

/// Valid ISBN-13s made from a number, for SYNTHETIC books.
enum ISBNs {
    static func thirteen(_ number: Int) -> String {
        let twelve = "978" + String(format: "%09d", number)
        let sum = twelve.enumerated().reduce(0) { $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3) }
        return twelve + String((10 - sum % 10) % 10)
    }
}
