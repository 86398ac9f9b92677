import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The real transport and throttle against a server on 127.0.0.1 that the tests start.
@Suite(.serialized) struct NetworkTests {
    static func searchPage() throws -> Data { try Fixtures.data("search/search-fantasy-p1.xml") }

    @Test func aSilentServerTimesOut() async throws {
        let server = try LoopbackServer { _ in .init(behaviour: .hang(seconds: 20)) }
        defer { server.stop() }
        let transport = URLSessionTransport()
        let start = Date()
        await #expect(throws: FetchError.timedOut(host: "127.0.0.1")) {
            try await transport.get(HTTPRequest(url: server.baseURL.appendingPathComponent("slow"), kind: .api, timeout: 0.5))
        }
        // The error comes from the deadline, long before the server would have answered.
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aHugeBodyIsCutOffAtTheCap() async throws {
        let huge = Data(repeating: UInt8(ascii: "x"), count: 20 * 1024 * 1024)
        let server = try LoopbackServer { _ in .init(body: huge) }
        defer { server.stop() }
        await #expect(throws: FetchError.bodyTooLarge(host: "127.0.0.1", limit: URLSessionTransport.maximumBodySize)) {
            try await URLSessionTransport().get(HTTPRequest(url: server.baseURL.appendingPathComponent("big"), kind: .api))
        }
    }

    @Test func aResetConnectionIsReported() async throws {
        let server = try LoopbackServer { _ in .init(behaviour: .reset) }
        defer { server.stop() }
        let error = await #expect(throws: FetchError.self) {
            try await URLSessionTransport().get(HTTPRequest(url: server.baseURL.appendingPathComponent("reset"), kind: .api))
        }
        #expect(error?.isTransient == true, "\(String(describing: error))")
    }

    @Test func nothingListeningMeansCannotReach() async throws {
        let server = try LoopbackServer { _ in .init() }
        let url = server.baseURL.appendingPathComponent("gone")
        server.stop()
        await #expect(throws: FetchError.cannotReach(host: "127.0.0.1")) {
            try await URLSessionTransport().get(HTTPRequest(url: url, kind: .api, timeout: 2))
        }
    }

    @Test func redirectsAreFollowedOnlyToHTTP() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/to-file": .init(status: 302, headers: ["Location": "file:///etc/passwd"])
            case "/to-http": .init(status: 302, headers: ["Location": "/final"])
            default: .init(body: Data("arrived".utf8))
            }
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        let followed = try await transport.get(HTTPRequest(url: server.baseURL.appendingPathComponent("to-http"), kind: .api))
        #expect(followed.body == Data("arrived".utf8))
        let refused = await #expect(throws: FetchError.self) {
            try await transport.get(HTTPRequest(url: server.baseURL.appendingPathComponent("to-file"), kind: .api))
        }
        #expect(refused == .unsafeRedirect(to: "file:///etc/passwd"), "\(String(describing: refused))")
    }

    @Test func theUserAgentNamesBooktag() async throws {
        let server = try LoopbackServer { _ in .init(body: Data("ok".utf8)) }
        defer { server.stop() }
        let response = try await URLSessionTransport().get(HTTPRequest(url: server.baseURL.appendingPathComponent("ua"), kind: .api))
        #expect(response.status == 200 && response.body == Data("ok".utf8))
    }

    @Test func a429WithRetryAfterIsWaitedOutInRealTime() async throws {
        let page = try Self.searchPage()
        let server = try LoopbackServer { request in
            request.query["page"] == "1" && !request.query.isEmpty && Self.firstCall.exchange(false)
                ? .init(status: 429, headers: ["Retry-After": "1"]) : .init(body: page)
        }
        defer { server.stop() }
        let temporary = try TemporaryHome()
        let client = GoodreadsClient(baseURL: server.baseURL, apiKey: "k", transport: URLSessionTransport(),
                                     throttle: RequestThrottle(home: temporary.home), minimumRequestInterval: 0)
        let result = try await client.searchPage(for: "fantasy", page: 1)
        #expect(result.works.count == 20)
        let arrivals = server.requests.map(\.arrival)
        #expect(arrivals.count == 2)
        #expect(arrivals[1] - arrivals[0] >= 0.99, "waited \(arrivals[1] - arrivals[0]) s")
    }
    static let firstCall = AtomicFlag()

    /// One integration test of the real gap: starts at least the interval apart.
    @Test func theThrottleSpacesRealRequests() async throws {
        let page = try Self.searchPage()
        let server = try LoopbackServer { _ in .init(body: page) }
        defer { server.stop() }
        let temporary = try TemporaryHome()
        let client = GoodreadsClient(baseURL: server.baseURL, apiKey: "k", transport: URLSessionTransport(),
                                     throttle: RequestThrottle(home: temporary.home), minimumRequestInterval: 0.3)
        for page in 1...4 { _ = try await client.searchPage(for: "fantasy", page: page) }
        let arrivals = server.requests.map(\.arrival)
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        #expect(gaps.count == 3 && gaps.allSatisfy { $0 >= 0.29 }, "\(gaps)")
    }

    @Test func twoProcessesShareTheThrottle() async throws {
        let page = try Self.searchPage()
        let server = try LoopbackServer { _ in .init(body: page) }
        defer { server.stop() }
        let temporary = try TemporaryHome()
        let helpers = try (0..<2).map { _ in
            try HelperProcess(["throttled-searches", temporary.folder.path, server.baseURL.absoluteString, "4", "0.25"])
        }
        for helper in helpers {
            let (status, errors) = helper.finish()
            #expect(status == 0, "\(errors)")
        }
        let arrivals = server.requests.map(\.arrival).sorted()
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        #expect(arrivals.count == 8)
        #expect(gaps.allSatisfy { $0 >= 0.24 }, "\(gaps)")
    }
}

/// A flag that is true until the first `exchange(false)`.
final class AtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = true
    func exchange(_ new: Bool) -> Bool {
        lock.withLock {
            let old = value
            value = new
            return old
        }
    }
}
