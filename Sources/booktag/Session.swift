import BookTag
import BookTagHTTP
import Foundation

/// What one run of a command works with, built from the global options: the home, the
/// preferences, the configuration, the store and, for commands that fetch, a source of books
/// over the network, a replay or a recording.
package struct Session {
    let options: GlobalOptions
    package let home: BookTagHome
    let preferences: Preferences
    package let reporter: Reporter

    package init(_ options: GlobalOptions) {
        self.options = options
        home = options.resolvedHome
        let (preferences, warning) = PreferencesStore(home: home).load()
        self.preferences = preferences
        reporter = Reporter(verbosity: options.verbosity, nightMode: preferences.nightMode)
        if let warning { reporter.warn(warning) }
    }

    /// Colours for stdout, following night mode.
    var palette: Palette { Palette.forDescriptor(STDOUT_FILENO, nightMode: preferences.nightMode) }

    /// config.json (or --config) with the environment applied; unknown keys are warned about.
    package func configuration() throws -> BookTagConfiguration {
        let file = options.configFile
        if options.config != nil, !FileManager.default.fileExists(atPath: file.path) {
            throw CommandFailure(.config, "the configuration file \(file.path) does not exist: check --config")
        }
        let configuration = try BookTagConfiguration.load(file: file)
        for warning in configuration.warnings { reporter.warn(warning) }
        return configuration
    }

    package func openStore() throws -> BookStore {
        try BookStore.open(home: home)
    }

    /// The tag a command changes: its name checked, the store opened, the tag found (else exit 66).
    func existingTag(_ text: String) throws -> (name: TagName, store: BookStore, tag: Tag) {
        let name = try CommandFailure.checking { try TagName(text) }
        let store = try CommandFailure.checking { try openStore() }
        return (name, store, try CommandFailure.checking { try store.existingTag(name) })
    }

    /// The source a new tag or an unknown book uses: `--source`, else config `source`, else
    /// Goodreads with a key and Open Library without, saying so once on stderr in that case.
    package func chooseSource(_ chosen: SourceKind?, configuration: BookTagConfiguration) -> SourceKind {
        let (source, fellBack) = configuration.resolveSource(chosen)
        if fellBack {
            reporter.note("no Goodreads API key is configured, so books come from Open Library (choose with --source, or \"source\" in config.json)")
        }
        return source
    }

    /// A source of books and the cover downloader, as the options say: a replay (no key, no
    /// network, no throttle), a recording, or the network. `network` is the connection pool to
    /// close when the work is done (none for a replay).
    /// `shelf` asks for a reader's Goodreads shelf feed (no key) instead of the Goodreads API.
    package func source(
        _ kind: SourceKind, shelf: Bool = false, configuration: BookTagConfiguration, progress: (any NetworkProgress)? = nil
    ) throws -> (source: any BookSource, covers: CoverDownloader, network: HTTPClientTransport?) {
        let base: any HTTPTransport
        var apiKey = ""
        var throttle: RequestThrottle? = RequestThrottle(home: home)
        var network: HTTPClientTransport?
        if let replay = options.replay {
            base = try ReplayTransport(folder: URL(fileURLWithPath: replay, isDirectory: true))
            apiKey = configuration.apiKey ?? Recording.redacted  // a replay looks requests up with the key redacted
            throttle = nil
        } else {
            if kind == .goodreads, !shelf { apiKey = try configuration.requireAPIKey(file: options.configFile) }
            let transport = try HTTPClientTransport(environment: ProcessInfo.processInfo.environment, userAgent: configuration.userAgent(for: kind))
            network = transport
            if let record = options.record {
                base = try RecordingTransport(folder: URL(fileURLWithPath: record, isDirectory: true), apiKey: apiKey, upstream: transport)
            } else {
                base = transport
            }
        }
        let reporter = reporter
        let transport = ObservedTransport(upstream: base) { request, outcome, seconds in
            let line = "\(request.kind == .api ? "GET" : "GET cover") \(request.url.redactingAPIKey) →"
            switch outcome {
            case let .success(response):
                reporter.detail(String(format: "%@ %d, %d bytes, %.0f ms", line, response.status, response.body.count, seconds * 1000))
                if request.kind == .cover, (200..<300).contains(response.status) { progress?.coverDownloaded() }
            case let .failure(error):
                reporter.detail(String(format: "%@ failed after %.0f ms: %@", line, seconds * 1000, error.localizedDescription))
            }
        }
        let interval = kind == .goodreads ? configuration.minimumRequestInterval : configuration.openLibraryMinimumRequestInterval
        let onWait: @Sendable (Double, APICaller.WaitReason) -> Void = { seconds, reason in
            switch reason {
            case .throttle:
                reporter.detail(String(format: "waiting %.2f s: API calls are at least %.1f s apart", seconds, interval))
                progress?.waiting(seconds)
            case .retry:
                reporter.detail(String(format: "retrying in %.1f s", seconds))
                progress?.retrying(seconds)
            }
        }
        let source: any BookSource
        switch kind {
        case .goodreads where shelf:
            var client = GoodreadsShelfClient(
                baseURL: configuration.baseURL, transport: transport, throttle: throttle, minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = configuration.requestTimeout
            source = client
        case .openlibrary where shelf:
            throw CommandFailure(.usage, "shelves are Goodreads shelves: leave out --source openlibrary")
        case .goodreads:
            var client = GoodreadsClient(
                baseURL: configuration.baseURL, apiKey: apiKey, transport: transport, throttle: throttle,
                minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = configuration.requestTimeout
            source = client
        case .openlibrary:
            var client = OpenLibraryClient(
                baseURL: configuration.openLibraryBaseURL, coversURL: configuration.openLibraryCoversURL, transport: transport,
                throttle: throttle, minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = configuration.requestTimeout
            source = client
        }
        return (source, CoverDownloader(transport: transport, timeout: configuration.requestTimeout), network)
    }

    /// Runs `body`, then closes the network's connections, however it ends.
    package static func closing<T: Sendable>(_ network: HTTPClientTransport?, _ body: @Sendable () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            await network?.shutdown()
            return value
        } catch {
            await network?.shutdown()
            throw error
        }
    }

    /// Runs a gathering job for `add` or `reroll`: the source, the progress line and the collage
    /// options set up as configured, Ctrl-C handled, and the progress line cleared however the
    /// job ends.
    func gather<Outcome: Sendable>(
        into store: BookStore, tag: String, source kind: SourceKind, shelf: Bool = false, wanted: Int, configuration: BookTagConfiguration,
        _ job: @escaping @Sendable (TagLibrary, CollageOptions, @escaping @Sendable (GatheringEvent) -> Void) async throws -> Outcome
    ) throws -> Outcome {
        let progress = GatheringProgress(tag: tag, wanted: wanted, reporter: reporter)
        let (source, covers, network) = try CommandFailure.checking { try self.source(kind, shelf: shelf, configuration: configuration, progress: progress) }
        let library = TagLibrary(store: store, gatherer: Gatherer(source: source, covers: covers))
        let options = configuration.collageOptions(nightMode: preferences.nightMode)
        defer { reporter.endProgress() }
        return try AsyncRun.run { try await Self.closing(network) { try await job(library, options, progress.handle) } }
    }
}
