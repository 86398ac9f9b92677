import Foundation

/// SYNTHETIC: an Audiobookshelf server on 127.0.0.1 made from its documented API
/// (audiobookshelf/audiobookshelf-api-docs, `_me.md`, `_sessions.md`, `_items.md`): `GET
/// /api/me` (the user, its `token` echoed and its `mediaProgress`), `GET
/// /api/me/listening-sessions?itemsPerPage=&page=` (0-indexed pages), `GET /api/items/{id}` and
/// `GET /api/items/{id}/cover`, each only with `Authorization: Bearer TOKEN` (else 401
/// `Unauthorized`, as the server answers). No real server runs here and no genuine user's
/// answers may be copied; the listening is made up.
public final class SyntheticAudiobookshelf: Sendable {
    /// One audiobook of the library and what the user did with it.
    public struct Book: Sendable {
        public var id: String
        public var title: String
        public var author: String
        /// Milliseconds since 1970 of the finish; `nil` for a book still being listened to.
        public var finishedAt: Int64?
        /// Whether the server has a cover for it.
        public var hasCover: Bool
        /// Whether its sessions were deleted (a finish with no session names it).
        public var sessionless: Bool
    }

    /// One listening session.
    public struct Session: Sendable {
        public var itemID: String
        /// Milliseconds since 1970.
        public var startedAt: Int64
        public var timeListening: Int
        /// The server's day (UTC here), `YYYY-MM-DD`.
        public var date: String
        /// A podcast episode's session.
        public var isPodcast: Bool
    }

    /// A fault answered instead of the library: for the request number (0-based) it gets.
    public typealias Fault = @Sendable (_ request: LoopbackServer.Request, _ number: Int) -> LoopbackServer.Reply?

    public let server: LoopbackServer
    public let books: [Book]
    public let sessions: [Session]
    public let token: String

    /// `count` books: three of four finished (in 2024 or 2025), the rest in progress; every sixth
    /// without a cover, the tenth with no sessions left. Each book has sessions of 5 to 90
    /// minutes, at least a day apart, from 2023 on; a podcast's sessions are mixed in.
    public init(
        token: String = "abs-test-\(UUID().uuidString)", count: Int = 24, fault: @escaping Fault = { _, _ in nil }
    ) throws {
        var books: [Book] = []
        var sessions: [Session] = []
        let day2024 = Int64(1_704_067_200)  // 2024-01-01T00:00:00Z
        for number in 1...count {
            let id = "li_" + String(format: "%06dsynthetic", number)
            let finishDay = day2024 + Int64(number % 2 == 0 ? 366 + number * 9 : number * 11) * 86_400
            books.append(
                Book(
                    id: id, title: "Listened Book \(number)", author: "Reader \(number % 5), Co Reader",
                    finishedAt: number % 4 == 0 ? nil : (finishDay + 20 * 3600) * 1000, hasCover: number % 6 != 0,
                    sessionless: number == 10))
            guard number != 10 else { continue }
            for index in 0..<(3 + number % 5) {
                let start = finishDay - Int64(index * 2 + 1) * 86_400 + Int64((number * 7 + index * 5) % 24) * 3600
                sessions.append(
                    Session(
                        itemID: id, startedAt: start * 1000 + 123,
                        timeListening: 300 + (number * 37 + index * 613) % 5100,
                        date: Self.utcDay(start), isPodcast: false))
            }
        }
        for index in 0..<7 {
            let start = day2024 + Int64(400 + index) * 86_400
            sessions.append(
                Session(
                    itemID: "li_podcast", startedAt: start * 1000, timeListening: 900, date: Self.utcDay(start),
                    isPodcast: true))
        }
        self.books = books
        self.sessions = sessions.sorted { $0.startedAt > $1.startedAt }
        self.token = token
        let counter = Counter()
        let (library, listened, expected) = (books, self.sessions, token)
        server = try LoopbackServer { request in
            let number = counter.next()
            if let reply = fault(request, number) { return reply }
            guard request.headers["authorization"] == "Bearer \(expected)" else {
                return LoopbackServer.Reply(
                    status: 401, headers: ["Content-Type": "text/plain"], body: Data("Unauthorized".utf8))
            }
            return Self.answer(request, library: library, sessions: listened, token: expected)
        }
    }

    /// The server's address, as a reader types it.
    public var address: String { server.baseURL.absoluteString }
    /// The requests of listening-session pages received.
    public var sessionPages: [LoopbackServer.Request] {
        server.requests.filter { $0.path == "/api/me/listening-sessions" }
    }

    static func answer(
        _ request: LoopbackServer.Request, library: [Book], sessions: [Session], token: String
    ) -> LoopbackServer.Reply {
        let json = ["Content-Type": "application/json"]
        let byID = Dictionary(uniqueKeysWithValues: library.map { ($0.id, $0) })
        switch request.path {
        case "/api/me":
            var progress: [[String: Any]] = library.map { book in
                [
                    "id": book.id, "libraryItemId": book.id, "episodeId": NSNull(), "duration": 36_000.5,
                    "progress": book.finishedAt == nil ? 0.4 : 1, "isFinished": book.finishedAt != nil,
                    "finishedAt": book.finishedAt.map { $0 as Any } ?? NSNull(), "startedAt": 1_700_000_000_000,
                ]
            }
            progress.append([
                "id": "li_podcast-ep_1", "libraryItemId": "li_podcast", "episodeId": "ep_1", "isFinished": true,
                "finishedAt": 1_740_000_000_000,
            ])
            let me: [String: Any] = [
                "id": "root", "username": "root", "type": "root", "token": token, "mediaProgress": progress,
                "bookmarks": [], "isActive": true,
            ]
            return LoopbackServer.Reply(
                status: 200, headers: json, body: try! JSONSerialization.data(withJSONObject: me))
        case "/api/me/listening-sessions":
            let perPage = max(1, Int(request.query["itemsPerPage"] ?? "10") ?? 10)
            let page = Int(request.query["page"] ?? "0") ?? 0
            let slice = sessions.dropFirst(page * perPage).prefix(perPage)
            let listed: [[String: Any]] = slice.map { session in
                let book = byID[session.itemID]
                return [
                    "id": "play_\(session.startedAt)", "userId": "root", "libraryItemId": session.itemID,
                    "episodeId": session.isPodcast ? "ep_1" : NSNull(),
                    "mediaType": session.isPodcast ? "podcast" : "book",
                    "mediaMetadata": [
                        "title": book?.title ?? "Night Radio", "author": book?.author ?? "Night Presents",
                        "description": "<p>A <b>made-up</b> description.</p>",
                    ],
                    "displayTitle": book?.title ?? "1 - Pilot", "date": session.date, "dayOfWeek": "Sunday",
                    "timeListening": session.timeListening, "startedAt": session.startedAt,
                    "updatedAt": session.startedAt + Int64(session.timeListening) * 1000,
                ]
            }
            let body: [String: Any] = [
                "total": sessions.count, "numPages": (sessions.count + perPage - 1) / perPage, "page": page,
                "itemsPerPage": perPage, "sessions": listed,
            ]
            return LoopbackServer.Reply(
                status: 200, headers: json, body: try! JSONSerialization.data(withJSONObject: body))
        default:
            let parts = request.path.split(separator: "/").map(String.init)
            guard parts.count >= 3, parts[0] == "api", parts[1] == "items", let book = byID[parts[2]] else {
                return LoopbackServer.Reply(status: 404, body: Data("Not Found".utf8))
            }
            if parts.count == 4, parts[3] == "cover" {
                guard book.hasCover else { return LoopbackServer.Reply(status: 404, body: Data("Not Found".utf8)) }
                return LoopbackServer.Reply(
                    status: 200, headers: ["Content-Type": "image/png"], body: SyntheticBooks.pngCover(seed: book.id))
            }
            let item: [String: Any] = [
                "id": book.id, "mediaType": "book",
                "media": ["metadata": ["title": book.title, "authorName": book.author, "publishedYear": "2011"]],
            ]
            return LoopbackServer.Reply(
                status: 200, headers: json, body: try! JSONSerialization.data(withJSONObject: item))
        }
    }

    /// The UTC day of `seconds` since 1970.
    public static func utcDay(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
