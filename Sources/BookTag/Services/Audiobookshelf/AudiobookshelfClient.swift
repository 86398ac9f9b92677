import Foundation

/// A reader's own Audiobookshelf server as a `BookSource`: the books the token's user finished,
/// each with every listening session the server kept, and its cover from the server itself.
///
/// The whole listing is the first page: the user (`/api/me`: its media progress says what is
/// finished and when), then every page of `/api/me/listening-sessions`, then a library item
/// for a finished book no session names. Every request goes through `APICaller` (the
/// throttle, retries, the size cap, record and replay; the token is a header, and the one field
/// that echoes it, `/api/me`'s `token`, is redacted from recordings as Goodreads' key is).
/// Nothing but the server is asked, redirects included: the token goes nowhere else.
public struct AudiobookshelfClient: BookListSource {
    /// The reader's token, without `Bearer `.
    public var token: String
    /// Every request goes through it.
    public var caller: APICaller
    /// Sessions asked for a page.
    public var sessionsPerPage = 250
    /// A listing of more session pages than this is refused as one that never ends.
    public var maximumSessionPages = 2_000
    /// The reader's time zone: the hour of each session and the day of each finish.
    public var timeZone = TimeZone.current

    public var kind: SourceKind { .audiobookshelf }
    public var listDescription: String { "an Audiobookshelf server" }
    /// The whole listing is one page.
    public let maximumSearchPage = 1

    /// A client sending `token` to the server a tag names.
    public init(
        token: String, transport: any HTTPTransport, throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0,
        retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, APICaller.WaitReason) -> Void = { _, _ in }
    ) {
        self.token = token
        caller = APICaller(
            transport: transport, throttle: throttle, minimumRequestInterval: minimumRequestInterval,
            retryPolicy: retryPolicy, onWait: onWait)
    }

    /// The headers every request and cover carries.
    public static func headers(token: String) -> [String: String] {
        ["Authorization": "Bearer \(token)", "Accept": "application/json"]
    }

    /// The finished books of the server `query` names, newest finish first; a page past the first
    /// lists none.
    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let shelf = try ShelfReference(query, source: .audiobookshelf)
        guard let server = shelf.audiobookshelfServer else { throw ShelfReferenceError.badAudiobookshelfServer(query) }
        guard page <= 1 else { return Self.page(shelf, works: [], skipped: 0) }
        let me: AudiobookshelfResponse.Me = try await ask(server, "api/me")
        guard me.id != nil || me.mediaProgress != nil else {
            throw AudiobookshelfError.notAudiobookshelf(shelf.description)
        }
        var finished: [String: Date] = [:]
        for progress in me.mediaProgress ?? [] {
            guard progress.isFinished == true, progress.episodeId?.isEmpty ?? true,
                let id = progress.libraryItemId, Self.isItemID(id)
            else { continue }
            let when = progress.finishedAt.map { Date(timeIntervalSince1970: $0 / 1000) } ?? .distantPast
            finished[id] = max(finished[id] ?? .distantPast, when)
        }
        let listened = try await sessions(server, of: Set(finished.keys))
        var works: [SearchWork] = []
        var skipped = 0
        for (id, finish) in finished.sorted(by: { ($0.value, $0.key) > ($1.value, $1.key) }) {
            var metadata = listened[id]?.metadata
            if metadata?.title?.isEmpty ?? true { metadata = try await item(server, id)?.media?.metadata }
            guard let work = work(id: id, finished: finish, metadata: metadata, listened: listened[id], server: server)
            else {
                skipped += 1
                continue
            }
            works.append(work)
        }
        return Self.page(shelf, works: works, skipped: skipped)
    }

    private static func page(_ shelf: ShelfReference, works: [SearchWork], skipped: Int) -> SearchPage {
        SearchPage(
            query: shelf.description, resultsStart: 1, resultsEnd: works.count, totalResults: works.count, works: works,
            skippedWorks: skipped, isOpenEnded: true)
    }

    /// What the sessions say of one book: its metadata and its intervals, in start order.
    struct Listened {
        var metadata: AudiobookshelfResponse.Metadata?
        var intervals: [ReadingInterval] = []
    }

    /// Every page of the user's listening sessions, kept for the books in `wanted`.
    private func sessions(_ server: URL, of wanted: Set<String>) async throws -> [String: Listened] {
        var listened: [String: Listened] = [:]
        var clock = ReadingInterval.LocalClock(timeZone: timeZone)
        var page = 0
        var pages = 1
        while page < pages {
            let answer: AudiobookshelfResponse.SessionsPage = try await ask(
                server, "api/me/listening-sessions",
                query: [("itemsPerPage", "\(sessionsPerPage)"), ("page", "\(page)")])
            pages = answer.numPages ?? 0
            guard pages <= maximumSessionPages else { throw AudiobookshelfError.endlessSessions(server.host ?? "") }
            let sessions = answer.sessions ?? []
            if sessions.isEmpty { break }
            for session in sessions {
                guard let id = session.libraryItemId, wanted.contains(id), session.episodeId?.isEmpty ?? true,
                    session.mediaType ?? "book" == "book"
                else { continue }
                var entry = listened[id] ?? Listened()
                if entry.metadata?.title?.isEmpty ?? true, let metadata = session.mediaMetadata {
                    entry.metadata = metadata
                }
                if let interval = Self.interval(session, clock: &clock) { entry.intervals.append(interval) }
                listened[id] = entry
            }
            page += 1
        }
        return listened
    }

    /// A session as an interval: `timeListening` seconds from `startedAt`, on the session's own
    /// `date` (the day the server counted it on); `nil` for one no player could have recorded.
    static func interval(
        _ session: AudiobookshelfResponse.Session, clock: inout ReadingInterval.LocalClock, now: Date = Date()
    ) -> ReadingInterval? {
        guard let started = session.startedAt, started.isFinite, let listening = session.timeListening,
            listening.isFinite, abs(started) < 1e15, abs(listening) < 1e9
        else { return nil }
        let start = Int64((started / 1000).rounded(.down))
        let seconds = Int(listening.rounded())
        guard ReadingInterval.isPlausible(start: start, seconds: seconds, now: now) else { return nil }
        var interval = clock.interval(start: start, seconds: seconds)
        if let date = session.date, let day = CalendarDay(date) { interval.day = day.text }
        return interval
    }

    /// A library item, for a finished book no session names; `nil` when the server no longer has it.
    private func item(_ server: URL, _ id: String) async throws -> AudiobookshelfResponse.Item? {
        do {
            return try await ask(server, "api/items/\(id)")
        } catch FetchError.httpStatus(status: 404, url: _) {
            return nil
        }
    }

    /// A book as booktag keeps it; `nil` for one without a title.
    func work(
        id: String, finished: Date, metadata: AudiobookshelfResponse.Metadata?, listened: Listened?, server: URL
    ) -> SearchWork? {
        guard let title = metadata?.title.map(Self.plain), !title.isEmpty else { return nil }
        let bookID = BookID(source: .audiobookshelf, value: id)
        let authors = (metadata?.authorNames ?? []).map(Self.plain).filter { !$0.isEmpty }.prefix(3)
        let cover = server.appendingPathComponent("api/items/\(id)/cover").absoluteString + "?format=jpeg"
        let intervals = (listened?.intervals ?? []).sorted { ($0.start, $0.seconds) < ($1.start, $1.seconds) }
        var finishDay: String?
        if finished > .distantPast {
            var clock = ReadingInterval.LocalClock(timeZone: timeZone)
            finishDay = clock.interval(start: Int64(finished.timeIntervalSince1970), seconds: 1).day
        }
        var reading = Reading(
            stars: nil, dateRead: finishDay, readDates: finishDay.map { [$0] } ?? [],
            readStarts: finishDay.flatMap { day in intervals.first.map { [day: $0.day] } } ?? [:])
        reading.format = .audio
        reading.intervals = ReadingIntervals(intervals)
        let year = metadata?.publishedYear.flatMap { Int($0.prefix(4)) }
        let isbn = metadata?.isbn.flatMap { try? ISBN($0) }
        let details = BookDetails(
            id: bookID, title: title, isbn: isbn?.isbn10, isbn13: isbn?.isbn13, imageURL: cover,
            originalPublicationYear: year, authors: authors.map { BookAuthor(id: nil, name: $0) }, reading: reading)
        return SearchWork(
            id: bookID, title: title, authorName: authors.first, imageURL: cover, originalPublicationYear: year,
            details: details)
    }

    /// One answer of the server, decoded; its refusals in words that say what to do.
    private func ask<Answer: Decodable>(_ server: URL, _ path: String, query: [(String, String)] = []) async throws
        -> Answer
    {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        guard let url = components?.url else { throw AudiobookshelfError.notAudiobookshelf(server.absoluteString) }
        let response = try await caller.get(url, headers: Self.headers(token: token), confinedTo: server)
        let shown = server.absoluteString
        switch response.status {
        case 200..<300: break
        case 401, 403: throw AudiobookshelfError.tokenRefused(shown)
        case 404 where path == "api/me": throw AudiobookshelfError.notAudiobookshelf(shown)
        default: throw FetchError.httpStatus(status: response.status, url: url.absoluteString)
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw AudiobookshelfError.notAudiobookshelf(shown)
        }
    }

    /// Audiobookshelf's ids (`li_8gch9ve09orgn4fdz8`, or a UUID in newer servers): they go into
    /// addresses and file names, so nothing else is let through.
    static func isItemID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            }
    }

    /// A title or a name as plain text, bounded.
    private static func plain(_ text: String) -> String {
        HTMLSanitizer.plainText(fromHTML: String(text.prefix(300))).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
