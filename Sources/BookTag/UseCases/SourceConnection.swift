import Foundation

/// A source of books, its cover downloader, and the connections to close when the work is done.
public struct SourceConnection: Sendable {
    /// Search pages and book look-ups.
    public let source: any BookSource
    /// Covers, through the same transport.
    public let covers: CoverDownloader
    /// The network's connection pool; none for a replay.
    public let network: (any NetworkTransport)?
    /// The turns requests take, shared with every booktag on this home; none for a replay.
    public let throttle: RequestThrottle?
    /// Seconds between two requests to one host, as configured for this source.
    public let minimumRequestInterval: Double
    /// Told of each wait for a turn, as the source's own calls are.
    let onWait: @Sendable (Double, APICaller.WaitReason) -> Void

    /// Runs `send` (a download that is not an API call, asked one at a time) in the throttle's
    /// turn for `url`, so it leaves at least the configured interval after the last request to
    /// that host.
    public func throttled<Result: Sendable>(
        _ url: URL, _ send: () async throws -> Result
    ) async throws -> Result {
        guard let throttle else { return try await send() }
        let interval = RequestThrottle.interval(for: url, configured: minimumRequestInterval)
        let onWait = onWait
        let willWait: (Double) -> Void = { onWait($0, .throttle) }
        return try await throttle.withTurn(to: url, interval: interval, willWait: willWait) { _ in try await send() }
    }

    /// Runs `body`, then closes the network's connections, however it ends.
    public func closing<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            await network?.shutdown()
            return value
        } catch {
            await network?.shutdown()
            throw error
        }
    }

}
