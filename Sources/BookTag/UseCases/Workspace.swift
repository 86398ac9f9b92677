import Foundation

/// A connection pool the work closes when it is done: the network transport (AsyncHTTPClient,
/// from BookTagHTTP), which BookTag itself does not link.
public protocol NetworkTransport: HTTPTransport {
    /// Closes the connections; later requests fail.
    func shutdown() async
}

/// What both faces work in: the home, its preferences and configuration, and the sources of
/// books over the network, a replay or a recording. The command line makes one per run; serve
/// one for its life.
public struct Workspace: Sendable {
    /// Where requests go.
    public enum Requests: Sendable, Equatable {
        /// To the network.
        case live
        /// Answered from a recording folder: no network, no key, no throttle.
        case replay(URL)
        /// To the network, each answer saved in a recording folder (the key redacted).
        case record(URL)
    }

    /// Makes the network transport, given the User-Agent to send.
    public typealias NetworkFactory = @Sendable (_ userAgent: String) throws -> any NetworkTransport

    /// The folder everything lives in.
    public let home: BookTagHome
    /// The settings file: config.json in the home, or one the reader named.
    public let configFile: URL
    /// Whether the reader named the settings file (then it must exist).
    public let configNamed: Bool
    /// Where requests go.
    public let requests: Requests
    /// How much its imports and collages hold at once: a command's, unless serve says otherwise.
    public var limits = MemoryLimits.command
    private let network: NetworkFactory

    /// A workspace over `home`; `network` is used only for live requests and recordings.
    public init(
        home: BookTagHome, configFile: URL? = nil, requests: Requests = .live, network: @escaping NetworkFactory
    ) {
        self.home = home
        self.configFile = configFile ?? home.configFile
        configNamed = configFile != nil
        self.requests = requests
        self.network = network
    }

    /// preferences.json, and a warning when it was corrupt (defaults are used then).
    public func preferences() -> (preferences: Preferences, warning: String?) {
        PreferencesStore(home: home).load()
    }

    /// Night mode as kept now (serve reads it for every page; another booktag may change it).
    public var nightMode: Bool { preferences().preferences.nightMode }

    /// Switches night mode and keeps it.
    public func setNightMode(_ on: Bool) throws {
        let store = PreferencesStore(home: home)
        var current = store.load().preferences
        current.nightMode = on
        try store.save(current)
    }

    /// The language serve's pages are set to, if the reader chose one there.
    public var languagePreference: Language? { preferences().preferences.language.flatMap(Language.init(code:)) }

    /// Sets the pages' language and keeps it; nil gives the choice back to each browser.
    public func setLanguagePreference(_ language: Language?) throws {
        let store = PreferencesStore(home: home)
        var current = store.load().preferences
        current.language = language?.code
        try store.save(current)
    }

    /// The settings with the environment applied; unknown keys are in its `warnings`.
    public func configuration() throws -> BookTagConfiguration {
        if configNamed, !FileManager.default.fileExists(atPath: configFile.path) {
            throw BookTagFailure(
                .config, "the configuration file \(configFile.path) does not exist: check the path given for it")
        }
        return try BookTagConfiguration.load(file: configFile)
    }

    /// The store, created or migrated; `memoryMapped` as `BookStore.open(home:memoryMapped:)` says.
    public func openStore(memoryMapped: Bool = true) throws -> BookStore {
        try BookStore.open(home: home, memoryMapped: memoryMapped)
    }

    /// The source a new tag or an unknown book uses: `chosen`, else config `source`, else
    /// Goodreads with a key and Open Library without, with a note saying so in that case.
    public func chooseSource(
        _ chosen: SourceKind?, configuration: BookTagConfiguration, progress: ProgressHandler? = nil
    ) -> SourceKind {
        let (source, fellBack) = configuration.resolveSource(chosen)
        if fellBack {
            progress?(
                .note(
                    "no Goodreads API key is configured, so books come from Open Library (choose a source for a tag, or set \"source\" in config.json)"
                ))
        }
        return source
    }

    /// A source of books of `kind` and its cover downloader, reporting requests, waits and
    /// covers into `progress`. `shelf` asks for a reader's shelf (no key): Goodreads' feed or
    /// Open Library's reading log, instead of a search. `server` is the reader's Audiobookshelf
    /// server: its covers are asked with the token, and nothing else is.
    public func connect(
        _ kind: SourceKind, shelf: Bool = false, server: URL? = nil, configuration: BookTagConfiguration,
        progress: ProgressHandler? = nil
    ) throws -> SourceConnection {
        let base: any HTTPTransport
        var apiKey = ""
        var throttle: RequestThrottle? = RequestThrottle(home: home)
        var network: (any NetworkTransport)?
        switch requests {
        case .replay(let folder):
            base = try ReplayTransport(folder: folder)
            // A replay looks requests up with the key redacted; nothing it answers is sent anywhere.
            apiKey = kind == .goodreads ? configuration.goodreads.apiKey ?? Recording.redacted : Recording.redacted
            throttle = nil
        case .live, .record:
            if kind == .goodreads, !shelf { apiKey = try configuration.requireAPIKey(file: configFile) }
            if kind == .hardcover {
                guard let token = configuration.hardcover.token else {
                    throw HardcoverError.noToken(file: configFile.path)
                }
                apiKey = token
            }
            if kind == .audiobookshelf {
                guard let token = configuration.audiobookshelf.token else {
                    throw AudiobookshelfError.noToken(file: configFile.path)
                }
                apiKey = token
            }
            let transport = try self.network(configuration.userAgent(for: kind))
            network = transport
            if case .record(let folder) = requests {
                base = try RecordingTransport(folder: folder, apiKey: apiKey, upstream: transport)
            } else {
                base = transport
            }
        }
        let transport = ObservedTransport(upstream: base) { request, outcome, seconds in
            guard let progress else { return }
            let line = "\(request.kind == .api ? request.method : "GET cover") \(request.url.redactingAPIKey) →"
            switch outcome {
            case .success(let response):
                progress(
                    .request(
                        String(
                            format: "%@ %d, %d bytes, %.0f ms", line, response.status, response.body.count,
                            seconds * 1000)))
                if request.kind == .cover, (200..<300).contains(response.status) { progress(.coverDownloaded) }
            case .failure(let error):
                progress(
                    .request(
                        String(format: "%@ failed after %.0f ms: %@", line, seconds * 1000, error.localizedDescription))
                )
            }
        }
        let interval = configuration.minimumRequestInterval(for: kind)
        let timeout = configuration.timeout(for: kind)
        let onWait: @Sendable (Double, APICaller.WaitReason) -> Void = { seconds, reason in
            switch reason {
            case .throttle: progress?(.waiting(seconds: seconds, interval: interval))
            case .retry: progress?(.retrying(seconds: seconds))
            }
        }
        let source: any BookSource
        switch kind {
        case .goodreads where shelf:
            var client = GoodreadsShelfClient(
                baseURL: configuration.goodreads.baseURL, transport: transport, throttle: throttle,
                minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = timeout
            source = client
        case .openlibrary where shelf:
            var client = OpenLibraryShelfClient(
                baseURL: configuration.openLibrary.baseURL, coversURL: configuration.openLibrary.coversURL,
                transport: transport,
                throttle: throttle, minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = timeout
            source = client
        case .hardcover:
            var client = HardcoverClient(
                baseURL: configuration.hardcover.baseURL, token: apiKey.isEmpty ? Recording.redacted : apiKey,
                transport: transport, throttle: throttle, minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = timeout
            client.coverFallback = coverSearch(transport, throttle, configuration, onWait)
            source = client
        case .audiobookshelf:
            var client = AudiobookshelfClient(
                token: apiKey.isEmpty ? Recording.redacted : apiKey, transport: transport, throttle: throttle,
                minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = timeout
            source = client
        case .bookwyrm:
            var client = BookWyrmShelfClient(
                transport: transport, throttle: throttle, minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = timeout
            client.coverFallback = coverSearch(transport, throttle, configuration, onWait)
            source = client
        case .library:
            throw BookTagFailure(
                .usage, "a book only your library file names is made by importing the file, never searched",
                advice: .importTheLibrary)
        case .calibre:
            throw BookTagFailure(
                .usage, "a Calibre library is read from its folder, never searched: import the library again",
                advice: .importTheLibrary)
        case .goodreads:
            var client = GoodreadsClient(
                baseURL: configuration.goodreads.baseURL, apiKey: apiKey, transport: transport, throttle: throttle,
                minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = timeout
            source = client
        case .openlibrary:
            var client = OpenLibraryClient(
                baseURL: configuration.openLibrary.baseURL, coversURL: configuration.openLibrary.coversURL,
                transport: transport,
                throttle: throttle, minimumRequestInterval: interval, onWait: onWait)
            client.caller.requestTimeout = timeout
            source = client
        }
        var covers = CoverDownloader(transport: transport, timeout: timeout)
        if kind == .audiobookshelf, let server {
            covers.credentials = (
                server, AudiobookshelfClient.headers(token: apiKey.isEmpty ? Recording.redacted : apiKey)
            )
        }
        return SourceConnection(
            source: source, covers: covers, network: network, throttle: throttle, minimumRequestInterval: interval,
            onWait: onWait)
    }

    /// Open Library's cover search, for the books a reader's library has no image of.
    private func coverSearch(
        _ transport: any HTTPTransport, _ throttle: RequestThrottle?, _ configuration: BookTagConfiguration,
        _ onWait: @escaping @Sendable (Double, APICaller.WaitReason) -> Void
    ) -> CoverSearch {
        var client = OpenLibraryClient(
            baseURL: configuration.openLibrary.baseURL, coversURL: configuration.openLibrary.coversURL,
            transport: transport, throttle: throttle,
            minimumRequestInterval: configuration.openLibrary.minimumRequestInterval, onWait: onWait)
        client.caller.requestTimeout = configuration.openLibrary.timeout
        return CoverSearch(client: client)
    }

    /// The settings, read only when a source is needed; unknown keys go to `progress` as warnings.
    func configuration(warningTo progress: ProgressHandler?) throws -> BookTagConfiguration {
        let read = try configuration()
        for warning in read.warnings { progress?(.warning(warning)) }
        return read
    }
}
