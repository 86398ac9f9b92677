import ArgumentParser
import BookTag
import BookTagServe
import Logging

extension BookTagCommand {
    /// The original Booktag app's three screens, in the browser, over this home.
    package struct Serve: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the home as a web app and a JSON API until Ctrl-C.",
            discussion: """
                The first line on stdout is the address to open, with its access token. The token \
                is kept in the home (serve-token beside config.json, user-only), so an app saved \
                on a phone's home screen keeps working when the server restarts; --new-token \
                replaces it, and the old one is refused from then on. One server runs per home. \
                Pages: the tags (add, delete), a tag's collage (reroll, drop a book, download the \
                image, its numbers) and a book's details; night mode is the same preference as \
                'booktag night'. The API under /api answers with the shapes of --json. The command \
                line can work on the same home meanwhile. Ctrl-C or SIGTERM stops the server: \
                work in progress is cancelled and leaves the store as it was.

                Examples:
                  booktag serve
                  booktag serve --port 0
                  booktag serve --new-token
                  booktag serve --host 192.168.1.20 --port 8080
                  booktag serve --host 0.0.0.0 --base-path /booktag   (behind a reverse proxy)
                """
        )

        @OptionGroup package var global: GlobalOptions
        @Option(
            help: ArgumentHelp(
                "The address to listen on (default 127.0.0.1; another one lets other machines in, with the token).",
                valueName: "host"))
        package var host = "127.0.0.1"
        @Option(help: ArgumentHelp("The port (default 8080; 0 picks a free one).", valueName: "port"))
        package var port = 8080
        @Option(
            help: ArgumentHelp(
                "The sub-path a reverse proxy serves the app under, such as /booktag (default serve.basePath).",
                valueName: "path"))
        package var basePath: String?
        @Flag(help: "Replace the kept access token: addresses and cookies with the old one stop working.")
        package var newToken = false

        package func validate() throws {
            if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
            if host.isEmpty || host.contains("/")
                || host.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                throw ValidationError("--host must be an address such as 127.0.0.1")
            }
            if let basePath, ServeSettings.basePath(basePath) == nil {
                throw ValidationError("--base-path must be a path such as /booktag: starting with /, without .. or ?")
            }
        }

        /// The home opened and the configuration read (a broken one stops here, not at the first
        /// job), then the server until a signal.
        package func run() async throws {
            let session = Session(global)
            // Not memory-mapped: a server's resident memory must not grow with the store.
            let store = try session.openStore(memoryMapped: false)
            var settings = try session.configuration().serve
            if let basePath { settings.basePath = ServeSettings.basePath(basePath) ?? "" }
            var logger = Logger(label: "booktag.serve")
            logger.logLevel = global.verbose ? .info : .error
            let lock: ServeLock
            do {
                lock = try ServeLock(home: session.home)
            } catch let taken as ServeLock.Taken {
                throw CommandFailure(
                    .usage, "booktag serve is already running on this home \(taken.place): use it, or stop it first")
            } catch {
                throw CommandFailure.classify(error)
            }
            let token: ServeToken
            do {
                let (kept, warning) = try ServeToken.load(home: session.home, renew: newToken)
                if let warning { session.reporter.warn(warning) }
                token = kept
            } catch let .unreadable(path, reason) {
                throw CommandFailure(
                    .store,
                    "cannot read the access token in \(path) (\(reason)): make it this user's, or replace it with --new-token"
                )
            } catch let .unwritable(path, reason) {
                throw CommandFailure(.store, "cannot keep the access token in \(path): \(reason)")
            }
            let server = ServeServer(
                workspace: session.workspace, store: store, host: host, port: port, token: token, lock: lock,
                settings: settings, logger: logger)
            if !server.isLoopback {
                session.reporter.warn(
                    "serving beyond this machine on \(host): anyone who can reach it and has the token can change your tags"
                )
            }
            do {
                try await server.run()
            } catch let stopped as ServeServer.Stopped {
                throw CommandFailure(.network, "the server stopped: \(stopped.message)")
            }
        }
    }
}
