/// A source of books, its cover downloader, and the connections to close when the work is done.
public struct SourceConnection: Sendable {
    /// Search pages and book look-ups.
    public let source: any BookSource
    /// Covers, through the same transport.
    public let covers: CoverDownloader
    /// The network's connection pool; none for a replay.
    public let network: (any NetworkTransport)?

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
