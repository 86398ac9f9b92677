import ArgumentParser
import BookTag
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

extension BookTagCommand {
    /// The original Booktag app's three screens, in the browser, over this home.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the home as a web app and a JSON API until Ctrl-C.",
            discussion: """
                The first line on stdout is the address to open, with this start's access token. \
                Pages: the tags (add, delete), a tag's collage (reroll, drop a book, download the \
                image, its numbers) and a book's details; night mode is the same preference as \
                'booktag night'. The API under /api answers with the shapes of --json. The command \
                line can work on the same home meanwhile. Ctrl-C or SIGTERM stops the server: \
                work in progress is cancelled and leaves the store as it was.

                Examples:
                  booktag serve
                  booktag serve --port 0
                  booktag serve --host 192.168.1.20 --port 8080
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("The address to listen on (default 127.0.0.1; another one lets other machines in, with the token).", valueName: "host"))
        var host = "127.0.0.1"
        @Option(help: ArgumentHelp("The port (default 8080; 0 picks a free one).", valueName: "port"))
        var port = 8080

        func validate() throws {
            if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
            if host.isEmpty || host.contains("/") || host.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw ValidationError("--host must be an address such as 127.0.0.1")
            }
        }

        func run() throws {
            let session = Session(global)
            let store = try CommandFailure.checking { try session.openStore() }
            _ = try CommandFailure.checking { try session.configuration() }  // a broken config stops here, not at the first job
            let access = ServeAccess(host: host, port: port)
            if !access.isLoopback {
                session.reporter.warn("serving beyond this machine on \(host): anyone who can reach it and has the token can change your tags")
            }
            var logger = Logger(label: "booktag.serve")
            logger.logLevel = global.verbose ? .info : .error
            let bound = ServeStart(session: session, store: store, access: access, logger: logger)
            try bound.runUntilStopped()
        }
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
