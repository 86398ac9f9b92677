import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

@Suite struct ThrottleTests {
    let goodreads = URL(string: "https://www.goodreads.com/search/index.xml")!
    let spacing = 1.0 + RequestThrottle.safetyMargin

    /// A request through `throttle` that takes `sendTime` to leave, then reports it sent.
    /// Returns the moment it left.
    @discardableResult
    func request(_ throttle: RequestThrottle, clock: FakeClock, sendTime: Double = 0) async throws -> Double {
        try await throttle.withTurn(to: goodreads, interval: 1.0) { sent in
            clock.advance(by: sendTime)
            sent()
            return clock.now()
        }
    }

    @Test func requestsLeaveTheIntervalApartAcrossThrottlesSharingAFolder() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        // Two throttles on one folder stand for two processes sharing a home.
        let first = RequestThrottle(home: temporary.home, clock: clock)
        let second = RequestThrottle(home: temporary.home, clock: clock)
        var departures: [Double] = []
        for index in 0..<6 {
            departures.append(try await request(index.isMultiple(of: 2) ? first : second, clock: clock))
            clock.advance(by: 0.1)  // the answer
        }
        let gaps = zip(departures.dropFirst(), departures).map { $0 - $1 }
        #expect(gaps.allSatisfy { abs($0 - spacing) < 1e-6 }, "\(gaps)")
        #expect(
            clock.sleeps.count == 5 && clock.sleeps.allSatisfy { abs($0 - (spacing - 0.1)) < 1e-6 }, "\(clock.sleeps)")
    }

    @Test func theIntervalCountsFromWhenTheRequestLeftNotWhenItsTurnCame() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let throttle = RequestThrottle(home: temporary.home, clock: clock)
        // The first request is slow to leave (a connection to open, a busy machine).
        let first = try await request(throttle, clock: clock, sendTime: 0.7)
        let second = try await request(throttle, clock: clock)
        #expect(abs((second - first) - spacing) < 1e-6, "left \(second - first) s apart")
    }

    @Test func aRequestThatFailsBeforeLeavingStillCounts() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let throttle = RequestThrottle(home: temporary.home, clock: clock)
        await #expect(throws: FetchError.connectionLost(host: "www.goodreads.com")) {
            try await throttle.withTurn(to: goodreads, interval: 1.0) { _ -> Int in
                clock.advance(by: 0.3)
                throw FetchError.connectionLost(host: "www.goodreads.com")
            }
        }
        let failedAt = clock.now()
        let next = try await request(throttle, clock: clock)
        #expect(abs((next - failedAt) - spacing) < 1e-6)
    }

    @Test func aProcessThatDiedWhileSendingHoldsOthersBackOneIntervalAtMost() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock(start: 5000)
        let throttle = RequestThrottle(home: temporary.home, clock: clock)
        // What a process killed between taking its turn and writing its request leaves behind.
        try BookTagHome.createFolder(throttle.folder)
        try Data("pending 4999.900000\n".utf8).write(to: throttle.folder.appendingPathComponent("www.goodreads.com"))
        let left = try await request(throttle, clock: clock)
        #expect(abs((left - 5000) - spacing) < 1e-6, "waited \(left - 5000) s")
    }

    @Test func noWaitWhenTheLastRequestIsLongAgo() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let throttle = RequestThrottle(home: temporary.home, clock: clock)
        try await request(throttle, clock: clock)
        clock.advance(by: 5)
        try await request(throttle, clock: clock)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aTimeWrittenByAnEarlierBooktagIsRead() {
        #expect(ThrottleTurn.record("1234.500000\n") == .sent(1234.5))
        #expect(ThrottleTurn.record("sent 99.25\n") == .sent(99.25))
        #expect(ThrottleTurn.record("pending 99.25\n") == .pending)
        #expect(ThrottleTurn.record("garbage") == nil)
    }

    @Test func hostsAreThrottledSeparately() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let throttle = RequestThrottle(home: temporary.home, clock: clock)
        try await request(throttle, clock: clock)
        try await throttle.withTurn(to: URL(string: "https://openlibrary.org/search.json")!, interval: 1.0) { $0() }
        #expect(clock.sleeps.isEmpty)
    }

    /// Real time: while another holder (another process) has the host's turn, a request waits,
    /// and goes as soon as the turn is given back; cancelling the wait answers at once.
    @Test func aHeldTurnMakesOthersWaitAndTheWaitCanBeCancelled() async throws {
        let temporary = try TemporaryHome()
        let throttle = RequestThrottle(home: temporary.home)
        try BookTagHome.createFolder(throttle.folder)
        let path = throttle.folder.appendingPathComponent("www.goodreads.com").path
        let holder = try #require(try FileLock.attempt(path: path, mode: .exclusive))
        let started = AtomicFlag()
        let waiting = Task {
            try await throttle.withTurn(to: goodreads, interval: 1.0) { sent in
                _ = started.exchange(false)
                sent()
            }
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(started.exchange(true), "went while the turn was held")
        holder.unlock()
        try await waiting.value
        #expect(!started.exchange(false))

        let other = try #require(try FileLock.attempt(path: path, mode: .exclusive))
        defer { other.unlock() }
        let cancelled = Task { try await throttle.withTurn(to: goodreads, interval: 1.0) { $0() } }
        try await Task.sleep(nanoseconds: 50_000_000)
        let cancelledAt = Date()
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        // The lock is held until this test ends, so a wait that did not hear the cancel would
        // not end here at all; the bound leaves room for a loaded machine (every suite in
        // parallel on two cores: a clean-clone CI run measured 6.4 s and 5.2 s from the cancel).
        #expect(
            Date().timeIntervalSince(cancelledAt) < 15,
            "a cancelled wait for a held lock must end at once, not when the lock frees")
    }

    @Test func onlyLoopbackHostsMayGoFasterThanOncePerSecond() {
        #expect(RequestThrottle.interval(for: goodreads, configured: 0.1) == 1.0)
        #expect(RequestThrottle.interval(for: goodreads, configured: 2.5) == 2.5)
        #expect(RequestThrottle.interval(for: URL(string: "http://127.0.0.1:8080/x")!, configured: 0.1) == 0.1)
        #expect(RequestThrottle.interval(for: URL(string: "http://localhost/x")!, configured: 0) == 0)
        #expect(RequestThrottle.interval(for: URL(string: "http://127.0.0.1.evil.example/x")!, configured: 0.1) == 1.0)
        #expect(RequestThrottle.interval(for: URL(string: "http://127.1.2.3/x")!, configured: 0.1) == 0.1)
        #expect(RequestThrottle.interval(for: URL(string: "http://128.0.0.1/x")!, configured: 0.1) == 1.0)
    }

    @Test func hostFileNamesAreSafe() {
        #expect(RequestThrottle.fileName(for: "www.goodreads.com") == "www.goodreads.com")
        #expect(RequestThrottle.fileName(for: "../../etc/passwd") == "_.._etc_passwd")
        #expect(!RequestThrottle.fileName(for: "a/b").contains("/"))
    }
}

@Suite struct RetryTests {
    static let search = "/search/index.xml"

    func client(_ transport: ScriptedTransport, clock: FakeClock, home: TemporaryHome) -> GoodreadsClient {
        GoodreadsClient(
            apiKey: "SECRET-KEY-123", transport: transport, throttle: RequestThrottle(home: home.home, clock: clock),
            retryPolicy: RetryPolicy(maximumRetries: 3, baseDelay: 1.0, maximumRetryAfter: 60))
    }

    static func page() throws -> HTTPResponse {
        HTTPResponse(status: 200, body: try Fixtures.data("search/search-fantasy-p1.xml"))
    }

    @Test func a500IsRetriedWithBackoff() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let transport = ScriptedTransport([
            Self.search: [.respond(HTTPResponse(status: 500, body: Data())), .respond(try Self.page())]
        ])
        let page = try await client(transport, clock: clock, home: temporary).searchPage(for: "fantasy", page: 1)
        #expect(page.works.count == 20)
        #expect(transport.requests.count == 2)
        // One back-off between 1 and 1.5 s (jitter), and throttle waits making up the interval.
        let backoff = clock.sleeps.filter { $0 >= 1.0 }
        #expect(backoff.count == 1 && backoff[0] <= 1.5, "\(clock.sleeps)")
    }

    @Test func a503HonoursRetryAfter() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let busy = HTTPResponse(status: 503, headers: ["Retry-After": "7"], body: Data())
        let transport = ScriptedTransport([Self.search: [.respond(busy), .respond(try Self.page())]])
        _ = try await client(transport, clock: clock, home: temporary).searchPage(for: "fantasy", page: 1)
        #expect(clock.sleeps.contains(7))
    }

    @Test func retryAfterIsCappedAtSixtySeconds() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let limited = HTTPResponse(status: 429, headers: ["Retry-After": "3600"], body: Data())
        let transport = ScriptedTransport([Self.search: [.respond(limited), .respond(try Self.page())]])
        _ = try await client(transport, clock: clock, home: temporary).searchPage(for: "fantasy", page: 1)
        #expect(clock.sleeps.contains(60) && !clock.sleeps.contains { $0 > 60 })
    }

    @Test func retryAfterAsAnHTTPDate() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // Fri, 15 Jan 2027 08:00:00 GMT
        let policy = RetryPolicy()
        #expect(policy.retryAfter("Fri, 15 Jan 2027 08:00:30 GMT", now: now) == 30)
        #expect(policy.retryAfter("Fri, 15 Jan 2027 07:00:00 GMT", now: now) == 0, "a date in the past means now")
        #expect(policy.retryAfter("soon", now: now) == nil)
        #expect(policy.retryAfter(nil, now: now) == nil)
    }

    @Test func timeoutsAreRetriedThreeTimesThenReported() async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let transport = ScriptedTransport([Self.search: [.fail(.timedOut(host: "www.goodreads.com"))]])
        await #expect(throws: FetchError.timedOut(host: "www.goodreads.com")) {
            try await client(transport, clock: clock, home: temporary).searchPage(for: "fantasy", page: 1)
        }
        #expect(transport.requests.count == 4)
        let backoffs = clock.sleeps.filter { $0 >= 1.0 }
        #expect(backoffs.count == 3)
        #expect(backoffs[0] < backoffs[1] && backoffs[1] < backoffs[2], "exponential: \(backoffs)")
    }

    @Test(arguments: [400, 401, 403, 404])
    func clientErrorsAreNotRetried(status: Int) async throws {
        let temporary = try TemporaryHome()
        let clock = FakeClock()
        let transport = ScriptedTransport([
            Self.search: [.respond(HTTPResponse(status: status, body: Data("nope".utf8)))]
        ])
        let error = await #expect(throws: FetchError.self) {
            try await client(transport, clock: clock, home: temporary).searchPage(for: "fantasy", page: 1)
        }
        #expect(transport.requests.count == 1)
        #expect(error?.localizedDescription.contains("SECRET-KEY-123") == false)
        if status == 401 { #expect(error == .unauthorized) }
    }

    @Test func a404WithAGoodreadsErrorBodySaysWhatGoodreadsSaid() async throws {
        let temporary = try TemporaryHome()
        let transport = ScriptedTransport([
            "/book/show/7.xml": [.respond(HTTPResponse(status: 404, body: Data("<error>book not found</error>".utf8)))]
        ])
        await #expect(throws: GoodreadsError.apiError(message: "book not found")) {
            try await client(transport, clock: FakeClock(), home: temporary).book(id: .goodreads(7))
        }
    }

    @Test func urlsEncodeTheQueryStrictly() {
        let client = GoodreadsClient(apiKey: "k", transport: ScriptedTransport([:]), throttle: nil)
        let url = client.url(path: "search/index.xml", query: [("q", "sci-fi & fantasy+más"), ("page", "2")])
        #expect(
            url.absoluteString
                == "https://www.goodreads.com/search/index.xml?key=k&q=sci-fi%20%26%20fantasy%2Bm%C3%A1s&page=2")
        #expect(url.redactingAPIKey.contains("key=REDACTED") && !url.redactingAPIKey.contains("key=k&"))
    }
}
