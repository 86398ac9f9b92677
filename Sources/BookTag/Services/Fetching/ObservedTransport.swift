import Foundation

/// Passes requests through and tells an observer how each went, for `--verbose` and progress.
struct ObservedTransport: HTTPTransport {
    let upstream: any HTTPTransport
    let observe:
        @Sendable (_ request: HTTPRequest, _ outcome: Result<HTTPResponse, any Error>, _ seconds: Double) -> Void

    func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse {
        let start = ContinuousClock.now
        do {
            let response = try await upstream.send(request, sent: sent)
            observe(request, .success(response), Self.seconds(since: start))
            return response
        } catch {
            observe(request, .failure(error), Self.seconds(since: start))
            throw error
        }
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
