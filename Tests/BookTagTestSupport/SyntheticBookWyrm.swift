import Foundation

/// SYNTHETIC: a BookWyrm instance on 127.0.0.1 serving a reader's shelves as ActivityPub JSON,
/// shaped after BookWyrm's own serialisers (`../shared/fixtures/libraries/bookwyrm-federation/`:
/// `OrderedCollectionPage` with `orderedItems` of `Edition`s, `cover: {"url"}`, authors as
/// URIs), with a second instance that holds half the authors. `mouse`'s `read` shelf has
/// `count` editions, 10 a page; `private` is answered 404 as BookWyrm answers a shelf it will
/// not show; every sixth edition has no cover (its ISBN `978000001NNNN` is Open Library's); the
/// third edition's author URI redirects to itself.
public final class SyntheticBookWyrm: Sendable {
    public let instance: LoopbackServer
    public let otherInstance: LoopbackServer
    public let count: Int
    public static let perPage = 10

    public init(count: Int = 25) throws {
        self.count = count
        let other = try LoopbackServer { request in
            guard request.path.hasPrefix("/author/") else { return LoopbackServer.Reply(status: 404) }
            let id = request.path.dropFirst("/author/".count)
            return Self.json(["id": "x", "type": "Author", "name": "Far Author \(id)"])
        }
        otherInstance = other
        let otherHost = "127.0.0.1:\(other.baseURL.port ?? 0)"
        instance = try LoopbackServer { request in
            let host = request.headers["host"] ?? ""
            if request.path == "/author/loop" {
                return LoopbackServer.Reply(status: 302, headers: ["Location": "http://\(host)/author/loop"])
            }
            if request.path.hasPrefix("/author/") {
                let id = request.path.dropFirst("/author/".count)
                return Self.json(["id": "http://\(host)\(request.path)", "type": "Author", "name": "Near Author \(id)"])
            }
            if request.path.hasPrefix("/images/") {
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "image/png"], body: SyntheticBooks.pngCover(seed: request.path))
            }
            guard request.path == "/user/mouse/books/read.json" else {
                return LoopbackServer.Reply(
                    status: 404, headers: ["Content-Type": "text/html"], body: Data("<h1>Not found</h1>".utf8))
            }
            let page = Int(request.query["page"] ?? "1") ?? 1
            let numbers = Array(
                stride(from: (page - 1) * Self.perPage + 1, through: min(count, page * Self.perPage), by: 1))
            let items: [[String: Any]] = numbers.map { number in
                var edition: [String: Any] = [
                    "id": "http://\(host)/book/\(number)", "type": "Edition", "title": "Wyrm Book \(number)",
                    "authors": [
                        number == 3
                            ? "http://\(host)/author/loop"
                            : number % 2 == 0
                                ? "http://\(otherHost)/author/\(number % 5)" : "http://\(host)/author/\(number % 5)"
                    ],
                    "isbn13": ISBNs.thirteen(10_000 + number), "pages": 200 + number,
                    "publishedDate": "2019-04-0\(number % 9 + 1)T00:00:00+00:00",
                ]
                if number % 6 != 0 {
                    edition["cover"] = ["type": "Document", "url": "http://\(host)/images/\(number).png"]
                }
                return edition
            }
            var body: [String: Any] = [
                "id": "http://\(host)/user/mouse/books/read?page=\(page)", "type": "OrderedCollectionPage",
                "partOf": "http://\(host)/user/mouse/books/read", "orderedItems": items,
            ]
            if page * Self.perPage < count { body["next"] = "http://\(host)/user/mouse/books/read?page=\(page + 1)" }
            return Self.json(body)
        }
    }

    /// `mouse@127.0.0.1:PORT/SHELF`.
    public func shelf(_ name: String = "read") -> String { "mouse@127.0.0.1:\(instance.baseURL.port ?? 0)/\(name)" }

    /// The ISBN of edition `number`.
    public static func isbn(_ number: Int) -> String { ISBNs.thirteen(10_000 + number) }

    static func json(_ object: [String: Any]) -> LoopbackServer.Reply {
        LoopbackServer.Reply(
            headers: ["Content-Type": "application/activity+json"],
            body: try! JSONSerialization.data(withJSONObject: object))
    }
}
