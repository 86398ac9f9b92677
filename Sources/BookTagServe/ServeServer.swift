import BookTag
import CBookTagSystem
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// `booktag serve`: the app of three screens and its JSON API over a home, until SIGTERM or
/// SIGINT. Binds, prints the address (with the home's token) as the first line on stdout,
/// serves, then cancels the running jobs (their work rolls back) before the connections close.
public struct ServeServer: Sendable {
    /// The workspace the server's use cases run in.
    public let workspace: Workspace
    let store: BookStore
    let access: ServeAccess
    let lock: ServeLock
    let logger: Logger

    /// A server on `host`:`port` (0: any free port) over `operations`' home, which `lock` claims,
    /// asking for `token`, under `settings`' base path and behind its trusted proxies; `logger`
    /// gets the server's own messages.
    public init(
        workspace: Workspace, store: BookStore, host: String, port: Int, token: ServeToken, lock: ServeLock,
        settings: ServeSettings = ServeSettings(), logger: Logger
    ) {
        // A server draws collages while it imports: each holds bands of canvas, not a whole one
        // (an import's in bands of 128 KiB), and an import holds fewer covers at once.
        var serving = workspace
        serving.limits = .server
        self.workspace = serving
        self.store = store
        access = ServeAccess(host: host, port: port, token: token.value, settings: settings)
        self.lock = lock
        self.logger = logger
    }

    /// Whether only this machine can reach the address (else anyone with the token can).
    public var isLoopback: Bool { access.isLoopback }

    /// The server stopped because of `message`, not a signal.
    public struct Stopped: Error, LocalizedError {
        /// What stopped it.
        public let message: String
        /// The message.
        public var errorDescription: String? { message }
    }

    /// Serves until SIGTERM or SIGINT, the app and the jobs' stopper as services of one group
    /// that shuts down gracefully; throws `Stopped` when the server could not start or failed.
    public func run() async throws {
        booktag_return_memory_promptly()
        let jobs = JobRegistry()
        let access = access
        let lock = lock
        let renders = NIOThreadPool(numberOfThreads: System.coreCount)
        renders.start()
        defer { renders.shutdownGracefully { _ in } }
        do {
            let application = Application(
                router: ServeRoutes.buildRouter(
                    access: access, workspace: workspace, store: store, jobs: jobs, work: ServeWork(renders: renders)),
                configuration: .init(address: .hostname(access.host, port: access.port), serverName: nil),
                onServerRunning: { channel in
                    // --port 0: the port is known once bound.
                    if let port = channel.localAddress?.port { access.port = port }
                    lock.record(access.addressWithoutToken)
                    FileHandle.standardOutput.write(Data((access.address + "\n").utf8))
                },
                logger: logger)
            let group = ServiceGroup(
                configuration: .init(
                    services: [application, JobsStopper(jobs: jobs)], gracefulShutdownSignals: [.sigterm, .sigint],
                    logger: logger))
            try await group.run()
            await jobs.stopAll()
        } catch {
            throw Stopped(message: ServeError.message(for: error))
        }
    }
}

/// Told of the shutdown before the server is: cancels the jobs, which ends their event streams,
/// so the server's connections can close.
struct JobsStopper: Service {
    let jobs: JobRegistry

    func run() async throws {
        try? await gracefulShutdown()
        await jobs.stopAll()
    }
}
