import BookTag
import Foundation
import Synchronization

/// A clock whose sleeps take no time: they move `now` forward and are logged.
public final class FakeClock: ThrottleClock, @unchecked Sendable {
    private let state: Locked<(now: Double, sleeps: [Double])>

    public init(start: Double = 1000) {
        state = Locked((start, []))
    }

    public func now() -> Double { state.withLock { $0.now } }

    public func sleep(seconds: Double) async throws {
        state.withLock {
            $0.sleeps.append(seconds)
            $0.now += seconds
        }
    }

    public func advance(by seconds: Double) {
        state.withLock { $0.now += seconds }
    }

    public var sleeps: [Double] { state.withLock { $0.sleeps } }
}

/// A transport that answers from a script, per URL path, and logs every request.
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    public enum Step: Sendable {
        case respond(HTTPResponse)
        case fail(FetchError)
    }

    private let state: Locked<(scripts: [String: [Step]], log: [HTTPRequest])>

    /// `scripts[path]` is answered in order; the last step repeats.
    public init(_ scripts: [String: [Step]]) {
        state = Locked((scripts, []))
    }

    public func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse {
        sent()
        let step: Step? = state.withLock { state in
            state.log.append(request)
            guard var steps = state.scripts[request.url.path], let first = steps.first else { return nil }
            if steps.count > 1 { steps.removeFirst() }
            state.scripts[request.url.path] = steps
            return first
        }
        switch step {
        case .respond(let response)?: return response
        case .fail(let error)?: throw error
        case nil: return HTTPResponse(status: 404, body: Data("no script for \(request.url.path)".utf8))
        }
    }

    public var requests: [HTTPRequest] { state.withLock { $0.log } }
}

/// Counts requests passing through to another transport.
public final class CountingTransport: HTTPTransport, @unchecked Sendable {
    private let upstream: any HTTPTransport
    private let count = Atomic<Int>(0)

    public init(_ upstream: any HTTPTransport) {
        self.upstream = upstream
    }

    public func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse {
        count.add(1, ordering: .relaxed)
        return try await upstream.send(request, sent: sent)
    }

    public var requests: Int { count.load(ordering: .relaxed) }
}

/// A seeded generator (SplitMix64): the same seed gives the same choices.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
