import Foundation

/// What `config.json` and the environment say, with defaults for everything but the API key:
/// each source's settings, and the collage's look and count.
///
/// Errors name the file, the key path and what was expected, and never echo a value (the key is
/// a secret). Unknown keys are reported as warnings, so a misspelt `apikey` is not silently lost.
public struct BookTagConfiguration: Equatable, Sendable {
    /// The source for new tags when `add` names none (`nil`: Goodreads with a key, else Open Library).
    public var source: SourceKind?
    /// `goodreads.*`.
    public var goodreads = GoodreadsSettings()
    /// `openlibrary.*`.
    public var openLibrary = OpenLibrarySettings()
    /// `hardcover.*`.
    public var hardcover = HardcoverSettings()
    /// `audiobookshelf.*`.
    public var audiobookshelf = AudiobookshelfSettings()
    /// `bookwyrm.*`.
    public var bookWyrm = BookWyrmSettings()
    /// `serve.*`.
    public var serve = ServeSettings()
    /// `devices.tagPrefix`: the tags a device's readings make are named with it ("koreader read").
    public var deviceTagPrefix = "koreader"
    /// The language of the reader's words (`language`); nil leaves it to the environment.
    public var language: Language?
    /// `language` as the file wrote it, known or not: one it names but booktag lacks is English
    /// (with its warning), not the environment's.
    public var languageAsked: String?
    /// `collage.count`: books a new tag gathers, 1 to 100.
    public var collageCount = 12
    /// `collage.*` but the count and the quality: how collages look unless a command says otherwise.
    public var collage = CollageStyle()
    /// `collage.quality`: libjpeg's quality for JPEG collages, 1 to 100.
    public var jpegQuality = CollageOptions.defaultJPEGQuality
    /// Keys the file has that booktag does not know.
    public var warnings: [String] = []

    /// The defaults, as with no config file.
    public init() {}

    /// The environment variables `load` applies.
    public static let environmentNames = [
        "BOOKTAG_API_KEY", "BOOKTAG_HARDCOVER_TOKEN", "BOOKTAG_AUDIOBOOKSHELF_TOKEN", "BOOKTAG_BASE_URL",
    ]

    /// Reads `file` (a missing file means defaults), then applies `BOOKTAG_API_KEY`, the tokens
    /// and `BOOKTAG_BASE_URL` from `environment` (`nil`: the process's).
    public static func load(file: URL, environment: [String: String]? = nil) throws(ConfigError)
        -> BookTagConfiguration
    {
        let environment = environment ?? ProcessEnvironment.values(environmentNames)
        var configuration = BookTagConfiguration()
        let path = file.path
        if FileManager.default.fileExists(atPath: path) {
            let data: Data
            do {
                data = try FileBytes.read(file)
            } catch {
                throw .unreadable(file: path)
            }
            try configuration.apply(data, file: path)
        }
        if let key = environment["BOOKTAG_API_KEY"], !key.isEmpty {
            configuration.goodreads.apiKey = key
        }
        if let token = environment["BOOKTAG_HARDCOVER_TOKEN"].flatMap(SourceToken.cleaned) {
            configuration.hardcover.token = token
        }
        if let token = environment["BOOKTAG_AUDIOBOOKSHELF_TOKEN"].flatMap(SourceToken.cleaned) {
            configuration.audiobookshelf.token = token
        }
        if let base = environment["BOOKTAG_BASE_URL"], !base.isEmpty {
            guard let url = ConfigReader.webURL(base) else {
                throw .invalidValue(file: "BOOKTAG_BASE_URL", key: "BOOKTAG_BASE_URL", expected: "an http or https URL")
            }
            configuration.goodreads.baseURL = url
        }
        return configuration
    }

    /// The API key, or an error that says where to put one.
    public func requireAPIKey(file: URL) throws(ConfigError) -> String {
        guard let apiKey = goodreads.apiKey, !apiKey.isEmpty else { throw .missingAPIKey(file: file.path) }
        return apiKey
    }

    /// Seconds between API requests to `source`.
    public func minimumRequestInterval(for source: SourceKind) -> Double {
        pacing(for: source).minimumRequestInterval
    }

    /// Seconds to wait for an answer from `source`.
    public func timeout(for source: SourceKind) -> Double {
        pacing(for: source).timeout
    }

    private func pacing(for source: SourceKind) -> any SourcePacing {
        switch source {
        case .goodreads: goodreads
        case .hardcover: hardcover
        case .bookwyrm: bookWyrm
        case .audiobookshelf: audiobookshelf
        case .openlibrary, .calibre, .library: openLibrary
        }
    }

    private mutating func apply(_ data: Data, file: String) throws(ConfigError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidJSON(file: file)
        }
        let reader = ConfigReader(file: file)
        try reader.section(root, at: nil) { (key, value, path) throws(ConfigError) -> Bool in
            switch key {
            case "source":
                // A Calibre library is imported, never searched: no source for new tags.
                guard let text = value as? String, let chosen = SourceKind(rawValue: text.lowercased()),
                    SourceKind.searchable.contains(chosen)
                else {
                    throw .wrongType(file: reader.file, key: path, expected: "\"goodreads\" or \"openlibrary\"")
                }
                source = chosen
            case "goodreads": try Self.read(&goodreads, value, path, with: reader)
            case "openlibrary": try Self.read(&openLibrary, value, path, with: reader)
            case "hardcover": try Self.read(&hardcover, value, path, with: reader)
            case "bookwyrm": try Self.read(&bookWyrm, value, path, with: reader)
            case "audiobookshelf": try Self.read(&audiobookshelf, value, path, with: reader)
            case "serve": try Self.read(&serve, value, path, with: reader)
            case "devices":
                try reader.section(value, at: path) { (key, value, path) throws(ConfigError) -> Bool in
                    guard key == "tagPrefix" else { return false }
                    let text = try reader.text(value, path).trimmingCharacters(in: .whitespaces)
                    guard (try? TagName(text + " currently-reading")) != nil, !text.isEmpty else {
                        throw .invalidValue(
                            file: reader.file, key: path,
                            expected: "a few words to start a tag's name, such as \"koreader\"")
                    }
                    deviceTagPrefix = text
                    return true
                }
            case "collage":
                try Self.read(&collage, count: &collageCount, quality: &jpegQuality, value, path, with: reader)
            case "language":
                let code = try reader.text(value, path)
                languageAsked = code
                language = Language(code: code)
                if language == nil {
                    warnings.append(
                        "\(reader.file): booktag has no language \"\(code.prefix(40))\"; the words stay English "
                            + "(it has \(Language.all.map(\.code).joined(separator: ", ")))")
                }
            default: return false
            }
            return true
        }
        warnings = reader.warnings + warnings
    }

    /// The source a new tag uses: `chosen` (`--source`), else config `source`, else Goodreads when
    /// a key is configured and Open Library when not. `fellBackForLackOfKey` is true in that last case
    /// without a key, so the command can say why Open Library was picked.
    public func resolveSource(_ chosen: SourceKind?) -> (source: SourceKind, fellBackForLackOfKey: Bool) {
        if let chosen = chosen ?? source { return (chosen, false) }
        if let apiKey = goodreads.apiKey, !apiKey.isEmpty { return (.goodreads, false) }
        return (.openlibrary, true)
    }

    /// The User-Agent for requests to `source`: booktag and its version, plus the contact Open
    /// Library asks applications for.
    public func userAgent(for source: SourceKind) -> String {
        let base = "booktag/\(BookTagVersion.current)"
        guard source == .openlibrary, let contact = openLibrary.contact else { return base }
        return "\(base) (\(contact))"
    }

    private static func read(
        _ style: inout CollageStyle, count: inout Int, quality: inout Int, _ value: Any, _ path: String,
        with reader: ConfigReader
    ) throws(ConfigError) {
        let file = reader.file
        try reader.section(value, at: path) { (key, value, path) throws(ConfigError) -> Bool in
            switch key {
            case "count":
                guard let number = ConfigReader.wholeNumber(value), (1...100).contains(number) else {
                    throw .wrongType(file: file, key: path, expected: "a whole number from 1 to 100")
                }
                count = number
            case "columns":
                guard let number = ConfigReader.wholeNumber(value), Self.collageColumnRange.contains(number) else {
                    throw .wrongType(
                        file: file, key: path,
                        expected: "a whole number from 1 to \(Self.collageColumnRange.upperBound)")
                }
                style.columns = number
            case "size":
                guard let text = value as? String, let size = try? CollageSize(parsing: text) else {
                    throw .wrongType(
                        file: file, key: path,
                        expected:
                            "WIDTHxHEIGHT (each side 64 to 16384) or one of \(CollageSize.presets.map { "\"\($0.key)\"" }.joined(separator: ", "))"
                    )
                }
                style.size = size
            case "fit": style.fit = try reader.choice(value, path)
            case "layout": style.layout = try reader.choice(value, path)
            case "labels":
                let names = (value as? [Any])?.compactMap { $0 as? String } ?? (value as? String).map { [$0] }
                guard let names, let labels = try? CollageLabel.parseList(names.joined(separator: ",")) else {
                    throw .wrongType(
                        file: file, key: path,
                        expected:
                            "a list of \(CollageLabel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
                style.labels = labels
            case "title":
                if ConfigReader.number(value) == nil, let shown = value as? Bool {
                    style.title = shown ? .tagName : .hidden
                } else if let text = value as? String, let title = try? CollageTitle.custom(text) {
                    style.title = title
                } else {
                    throw .wrongType(
                        file: file, key: path, expected: "a title of 1 to 200 characters, or false for none")
                }
            case "background":
                guard let text = value as? String, let color = try? CollageColor(parsing: text) else {
                    throw .wrongType(file: file, key: path, expected: "#rrggbb, #rgb or a CSS colour name")
                }
                style.background = color
            case "stats":
                guard ConfigReader.number(value) == nil, let shown = value as? Bool else {
                    throw .wrongType(file: file, key: path, expected: "true or false")
                }
                style.stats = shown
            case "format": style.format = try reader.choice(value, path)
            case "quality":
                guard let number = ConfigReader.wholeNumber(value), (1...100).contains(number) else {
                    throw .wrongType(file: file, key: path, expected: "a whole number from 1 to 100")
                }
                quality = number
            default: return false
            }
            return true
        }
    }

    /// `collage.columns` and `--columns`.
    public static let collageColumnRange = 1...50

    /// What config.json says a collage looks like, in night mode or not (`add`, `reroll`, `import`).
    public func collageOptions(nightMode: Bool) -> CollageOptions {
        var options = CollageOptions(style: collage, nightMode: nightMode)
        options.jpegQuality = jpegQuality
        options.language = language ?? .english
        return options
    }
}
