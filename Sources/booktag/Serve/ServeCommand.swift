import BookTag
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// `booktag serve` once its options are checked: the home opened, the configuration read,
/// then the server until a signal.
enum ServeCommand {
    static func run(_ command: BookTagCommand.Serve) throws {
        let session = Session(command.global)
        let store = try CommandFailure.checking { try session.openStore() }
        _ = try CommandFailure.checking { try session.configuration() }  // a broken config stops here, not at the first job
        let access = ServeAccess(host: command.host, port: command.port)
        if !access.isLoopback {
            session.reporter.warn("serving beyond this machine on \(command.host): anyone who can reach it and has the token can change your tags")
        }
        var logger = Logger(label: "booktag.serve")
        logger.logLevel = command.global.verbose ? .info : .error
        let bound = ServeStart(session: session, store: store, access: access, logger: logger)
        try bound.runUntilStopped()
    }
}

/// One run of the server: bind, print the address, serve until a signal, then stop the jobs
/// (their work rolls back) before the connections close.
struct ServeStart: Sendable {
    let session: Session
    let store: BookStore
    let access: ServeAccess
    let logger: Logger

    func runUntilStopped() throws {
        let jobs = JobRegistry()
        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<(any Error)?>(nil)
        let session = session, store = store, logger = logger, access = access
        Task.detached {
            do {
                let application = Application(
                    router: ServeApp(access: access, operations: ServeOperations(session: session, store: store), jobs: jobs).router(),
                    configuration: .init(address: .hostname(access.host, port: access.port), serverName: nil),
                    onServerRunning: { channel in
                        // --port 0: the port is known once bound.
                        if let port = channel.localAddress?.port { access.port = port }
                        FileHandle.standardOutput.write(Data((access.address + "\n").utf8))
                    },
                    logger: logger)
                let group = ServiceGroup(configuration: .init(
                    services: [application, JobsStopper(jobs: jobs)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
                try await group.run()
                await jobs.stopAll()
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = outcome.withLock({ $0 }) { throw CommandFailure(.network, "the server stopped: \(ServeError.message(for: error))") }
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
