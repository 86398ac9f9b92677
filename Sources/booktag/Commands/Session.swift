import BookTag
import BookTagHTTP
import Foundation

/// What one run of a command works with: the workspace the global options describe, its
/// preferences, and the reporter that says things on stderr.
struct Session {
    let options: GlobalOptions
    let workspace: Workspace
    let preferences: Preferences
    let reporter: Reporter

    init(_ options: GlobalOptions) {
        self.options = options
        let requests: Workspace.Requests =
            if let replay = options.replay {
                .replay(URL(fileURLWithPath: replay, isDirectory: true))
            } else if let record = options.record { .record(URL(fileURLWithPath: record, isDirectory: true)) } else {
                .live
            }
        workspace = Workspace(
            home: options.resolvedHome, configFile: options.config.map { URL(fileURLWithPath: $0) }, requests: requests,
            network: { userAgent in
                try HTTPClientTransport(environment: ProcessInfo.processInfo.environment, userAgent: userAgent)
            })
        let (preferences, warning) = workspace.preferences()
        self.preferences = preferences
        reporter = Reporter(verbosity: options.verbosity, nightMode: preferences.nightMode)
        if let warning { reporter.warn(warning) }
    }

    var home: BookTagHome { workspace.home }

    /// Colours for stdout, following night mode.
    var palette: Palette { Palette.forDescriptor(STDOUT_FILENO, nightMode: preferences.nightMode) }

    /// config.json (or --config) with the environment applied; unknown keys are warned about.
    /// Its `language` is the one the reader's words are said in: `--language`, else config's,
    /// else the environment's; one booktag does not have is English, with one warning.
    func configuration() throws -> BookTagConfiguration {
        var configuration = try workspace.configuration()
        for warning in configuration.warnings { reporter.warn(warning) }
        if let asked = options.language {
            configuration.language = Language(code: asked)
            if configuration.language == nil {
                reporter.warn(
                    "booktag has no language \"\(Terminal.safe(String(asked.prefix(40))))\"; the words stay English "
                        + "(it has \(Language.all.map(\.code).joined(separator: ", ")))")
            }
        } else if configuration.languageAsked == nil {
            let (language, unknown) = Language.fromEnvironment(ProcessEnvironment.values(Language.environmentNames))
            configuration.language = language
            if let unknown {
                reporter.warn(
                    "booktag has no language for \(Terminal.safe(String(unknown.prefix(40)))) (from the environment); "
                        + "the words stay English: --language or config's language chooses one")
            }
        }
        return configuration
    }

    /// The store: the one opened while the arguments were parsed when there is one for this
    /// home (`StorePreopening`), else opened now.
    func openStore(memoryMapped: Bool = true) throws -> BookStore {
        if memoryMapped, let store = StorePreopening.take(home: workspace.home) { return store }
        return try workspace.openStore(memoryMapped: memoryMapped)
    }

    /// The tag a command changes: its name checked, the store opened, the tag found (else exit 66).
    func existingTag(_ text: String) throws -> (name: TagName, store: BookStore, tag: Tag) {
        let name = try TagName(text)
        let store = try openStore()
        return (name, store, try store.existingTag(name))
    }

    /// The source a new tag or an unknown book uses, saying so when it was chosen for the reader.
    func chooseSource(_ chosen: SourceKind?, configuration: BookTagConfiguration) -> SourceKind {
        workspace.chooseSource(chosen, configuration: configuration, progress: reporter.handle)
    }

    /// A source of books and its covers, its requests and waits reported on stderr (and into
    /// `progress`'s line).
    func connect(
        _ kind: SourceKind, shelf: Bool = false, configuration: BookTagConfiguration, progress: ProgressHandler? = nil
    ) throws -> SourceConnection {
        try workspace.connect(kind, shelf: shelf, configuration: configuration, progress: progress ?? reporter.handle)
    }

    /// Runs a use case that gathers (`add`, `reroll`, `drop --replace`) with a progress line for
    /// `tag`, Ctrl-C handled, and the line cleared however it ends.
    func gathering<Outcome: Sendable>(
        tag: String, wanted: Int, _ work: @escaping @Sendable (@escaping ProgressHandler) async throws -> Outcome
    ) async throws -> Outcome {
        let progress = GatheringProgress(tag: tag, wanted: wanted, reporter: reporter)
        defer { reporter.endProgress() }
        return try await AsyncRun.run { try await work(progress.handle) }
    }
}
