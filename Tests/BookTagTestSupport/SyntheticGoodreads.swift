import BookTag
import Foundation

/// A synthetic Goodreads on 127.0.0.1 for fault and load tests: search pages for any query
/// (deterministic books, every fourth with a placeholder cover), book details, and decodable
/// PNG covers under `/books/…`. Like Goodreads it echoes the API key inside every answer. A
/// `fault` may answer any request instead, told how many times the same request came before.
public final class SyntheticGoodreads: Sendable {
    public struct Options: Sendable {
        /// Results pages per query.
        public var pages = 4
        public var perPage = 20
        /// Every n-th result has a placeholder cover.
        public var placeholderEvery = 4
        /// Put into every text field of every answer (titles, authors, descriptions, publisher).
        public var hostileText: String?
        /// Seconds added before every answer.
        public var delay = 0.0

        public init() {}
    }

    public typealias Fault =
        @Sendable (_ request: LoopbackServer.Request, _ earlierAttempts: Int) -> LoopbackServer.Reply?

    public let server: LoopbackServer
    public let options: Options

    public init(options: Options = Options(), fault: @escaping Fault = { _, _ in nil }) throws {
        self.options = options
        let attempts = Locked<[String: Int]>([:])
        let port = Locked<UInt16>(0)
        server = try LoopbackServer { request in
            let signature =
                request.path + "?"
                + request.query.filter { $0.key != "key" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "&")
            let earlier = attempts.withLock { counts in
                defer { counts[signature, default: 0] += 1 }
                return counts[signature, default: 0]
            }
            if var reply = fault(request, earlier) {
                reply.delay += options.delay
                return reply
            }
            var reply = Self.answer(request, options: options, port: port.withLock { $0 })
            reply.delay += options.delay
            return reply
        }
        port.withLock { $0 = server.port }
    }

    public var baseURL: URL { server.baseURL }

    /// API requests so far (cover downloads left out), in arrival order.
    public var apiRequests: [LoopbackServer.Request] { server.requests.filter { !$0.path.hasPrefix("/books/") } }

    public var coverRequests: [LoopbackServer.Request] { server.requests.filter { $0.path.hasPrefix("/books/") } }

    /// The Goodreads id of result `index` (0-based) on `page` of `query`.
    public static func bookID(query: String, page: Int, index: Int) -> Int {
        let seed = query.unicodeScalars.reduce(7) { ($0 &* 31 &+ Int($1.value)) % 9_973 }
        return 10_000_000 + seed * 10_000 + page * 100 + index
    }

    /// The ids of the results with real covers on a page, in order.
    public func coveredBookIDs(query: String, page: Int) -> [Int] {
        (0..<options.perPage).filter { !Self.isPlaceholder($0, options) }.map {
            Self.bookID(query: query, page: page, index: $0)
        }
    }

    private static func isPlaceholder(_ index: Int, _ options: Options) -> Bool {
        options.placeholderEvery > 0 && index % options.placeholderEvery == options.placeholderEvery - 1
    }

    private static func answer(_ request: LoopbackServer.Request, options: Options, port: UInt16)
        -> LoopbackServer.Reply
    {
        let key = request.query["key"] ?? ""
        if request.path.hasPrefix("/books/") {
            let id = Int(request.path.split(separator: "/").last?.split(separator: ".").first ?? "") ?? 0
            let png = DecodablePNG.make(
                width: 60, height: 90, red: UInt8(id % 200 + 30), green: UInt8(id / 7 % 200 + 30),
                blue: UInt8(id / 49 % 200 + 30))
            return LoopbackServer.Reply(headers: ["Content-Type": "image/png"], body: png)
        }
        if request.path == "/search/index.xml" {
            let query = request.query["q"] ?? ""
            let page = Int(request.query["page"] ?? "1") ?? 1
            let total = options.pages * options.perPage
            guard page >= 1, page <= options.pages else {
                return xml(
                    key: key, method: "search_index",
                    body:
                        "<search><query>\(escape(query))</query><results-start>0</results-start><results-end>0</results-end><total-results>\(total)</total-results><results/></search>"
                )
            }
            var works = ""
            for index in 0..<options.perPage {
                let id = bookID(query: query, page: page, index: index)
                let image =
                    isPlaceholder(index, options)
                    ? "https://s.gr-assets.com/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png"
                    : "http://127.0.0.1:\(port)/books/1300000000m/\(id).jpg"
                let title = options.hostileText ?? "\(query.capitalized) Book \(page)-\(index)"
                let author = options.hostileText ?? "Author \(index % 7)"
                works += """
                    <work><id type="integer">\(id + 5_000_000)</id><ratings_count type="integer">\(100 + index)</ratings_count>
                    <original_publication_year type="integer">\(1990 + index)</original_publication_year>
                    <average_rating>\(String(format: "%.2f", 3.5 + Double(index % 10) / 20))</average_rating>
                    <best_book type="Book"><id type="integer">\(id)</id><title>\(escape(title))</title>
                    <author><id type="integer">\(900 + index % 7)</id><name>\(escape(author))</name></author>
                    <image_url>\(escape(image))</image_url><small_image_url>\(escape(image))</small_image_url></best_book></work>

                    """
            }
            let start = (page - 1) * options.perPage + 1
            return xml(
                key: key, method: "search_index",
                body: """
                    <search><query><![CDATA[\(query)]]></query><results-start>\(start)</results-start>
                    <results-end>\(start + options.perPage - 1)</results-end><total-results>\(total)</total-results>
                    <source>Goodreads</source><results>
                    \(works)</results></search>
                    """)
        }
        if request.path.hasPrefix("/book/show/"),
            let id = Int(request.path.dropFirst("/book/show/".count).prefix { $0.isNumber })
        {
            let text = options.hostileText
            let description = text ?? "<p>A <b>synthetic</b> book.</p>"
            return xml(
                key: key, method: "book_show",
                body: """
                    <book><id>\(id)</id><title>\(escape(text ?? "Book \(id)"))</title><isbn><![CDATA[]]></isbn><isbn13><![CDATA[]]></isbn13>
                    <image_url>http://127.0.0.1:\(port)/books/1300000000m/\(id).jpg</image_url>
                    <publication_year>2001</publication_year><publisher>\(escape(text ?? "Synthetic Press"))</publisher>
                    <description>\(escape(description))</description><average_rating>4.00</average_rating><num_pages>300</num_pages>
                    <authors><author><id>901</id><name>\(escape(text ?? "Author 1"))</name><role></role></author></authors></book>
                    """)
        }
        return LoopbackServer.Reply(
            status: 404, headers: ["Content-Type": "application/xml"], body: Data("<error>book not found</error>".utf8))
    }

    private static func xml(key: String, method: String, body: String) -> LoopbackServer.Reply {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <GoodreadsResponse><Request><authentication>true</authentication><key><![CDATA[\(key)]]></key>
            <method><![CDATA[\(method)]]></method></Request>
            \(body)
            </GoodreadsResponse>
            """
        return LoopbackServer.Reply(
            headers: ["Content-Type": "application/xml; charset=utf-8"], body: Data(document.utf8))
    }

    private static func escape(_ text: String) -> String {
        text.htmlEscaped  // the same five entities XML needs
    }
}
