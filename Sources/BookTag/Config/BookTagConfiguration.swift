import Foundation

/// What `config.json` and the environment say, with defaults for everything but the API key.
///
/// Errors name the file, the key path and what was expected, and never echo a value (the key is
/// a secret). Unknown keys are reported as warnings, so a misspelt `apikey` is not silently lost.
public struct BookTagConfiguration: Equatable, Sendable {
    /// The source for new tags when `add` names none (`nil`: Goodreads with a key, else Open Library).
    public var source: SourceKind?
    /// `goodreads.apiKey` (or `BOOKTAG_API_KEY`): never printed, logged or recorded.
    public var apiKey: String?
    /// `goodreads.baseURL` (or `BOOKTAG_BASE_URL`).
    public var baseURL = URL(string: "https://www.goodreads.com")!
    /// `goodreads.minRequestInterval`: seconds between Goodreads API requests (1 or more for a host not on loopback).
    public var minimumRequestInterval = 1.0
    /// `openlibrary.baseURL`.
    public var openLibraryBaseURL = OpenLibraryClient.defaultBaseURL
    /// `openlibrary.coversURL`.
    public var openLibraryCoversURL = OpenLibraryClient.defaultCoversURL
    /// An email or URL for Open Library to reach the user by; it goes into the User-Agent.
    public var openLibraryContact: String?
    /// `openlibrary.minRequestInterval`.
    public var openLibraryMinimumRequestInterval = 1.0
    /// Seconds to wait for an answer before a request fails (API calls are then retried).
    public var requestTimeout = 20.0
    /// `collage.count`: books a new tag gathers, 1 to 100.
    public var collageCount = 12
    /// `nil`: 4 with natural cells, chosen with a size.
    public var collageColumns: Int?
    /// `collage.format`.
    public var collageFormat = CollageFormat.png
    /// `collage.size`.
    public var collageSize: CollageSize?
    /// `collage.fit`.
    public var collageFit = CollageFit.contain
    /// `collage.layout`.
    public var collageLayout = CollageLayout.grid
    /// `collage.labels`.
    public var collageLabels: [CollageLabel] = []
    /// `collage.title`.
    public var collageTitle = CollageTitle.tagName
    /// `collage.background`.
    public var collageBackground: CollageColor?
    /// `collage.stats`.
    public var collageStats = false
    /// Keys the file has that booktag does not know.
    public var warnings: [String] = []

    /// The defaults, as with no config file.
    public init() {}

    /// Reads `file` (a missing file means defaults), then applies `BOOKTAG_API_KEY` and
    /// `BOOKTAG_BASE_URL` from `environment`.
    public static func load(file: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigError) -> BookTagConfiguration {
        var configuration = BookTagConfiguration()
        let path = file.path
        if FileManager.default.fileExists(atPath: path) {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw .unreadable(file: path)
            }
            try configuration.apply(data, file: path)
        }
        if let key = environment["BOOKTAG_API_KEY"], !key.isEmpty {
            configuration.apiKey = key
        }
        if let base = environment["BOOKTAG_BASE_URL"], !base.isEmpty {
            guard let url = Self.webURL(base) else { throw .invalidValue(file: "BOOKTAG_BASE_URL", key: "BOOKTAG_BASE_URL", expected: "an http or https URL") }
            configuration.baseURL = url
        }
        return configuration
    }

    /// The API key, or an error that says where to put one.
    public func requireAPIKey(file: URL) throws(ConfigError) -> String {
        guard let apiKey, !apiKey.isEmpty else { throw .missingAPIKey(file: file.path) }
        return apiKey
    }

    private mutating func apply(_ data: Data, file: String) throws(ConfigError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidJSON(file: file)
        }
        guard let object = root as? [String: Any] else { throw .wrongType(file: file, key: "(top level)", expected: "an object") }
        for (key, value) in object {
            switch key {
            case "source": source = try Self.choice(value, file: file, key: key)
            case "goodreads": try applyGoodreads(value, file: file)
            case "openlibrary": try applyOpenLibrary(value, file: file)
            case "collage": try applyCollage(value, file: file)
            default: warnings.append("\(file): unknown key \"\(key)\" ignored")
            }
        }
    }

    private mutating func applyGoodreads(_ value: Any, file: String) throws(ConfigError) {
        guard let section = value as? [String: Any] else { throw .wrongType(file: file, key: "goodreads", expected: "an object") }
        for (key, value) in section {
            let path = "goodreads.\(key)"
            switch key {
            case "apiKey":
                guard let text = value as? String else { throw .wrongType(file: file, key: path, expected: "a string") }
                apiKey = text.trimmingCharacters(in: .whitespacesAndNewlines)
            case "baseURL":
                guard let text = value as? String else { throw .wrongType(file: file, key: path, expected: "a string") }
                guard let url = Self.webURL(text) else { throw .invalidValue(file: file, key: path, expected: "an http or https URL") }
                baseURL = url
            case "minRequestInterval":
                guard let number = Self.number(value), number >= 0, number <= 3600 else {
                    throw .wrongType(file: file, key: path, expected: "a number of seconds from 0 to 3600")
                }
                minimumRequestInterval = number
            case "timeout":
                guard let number = Self.number(value), number >= 0.1, number <= 600 else {
                    throw .wrongType(file: file, key: path, expected: "a number of seconds from 0.1 to 600")
                }
                requestTimeout = number
            default:
                warnings.append("\(file): unknown key \"\(path)\" ignored")
            }
        }
    }

    private mutating func applyOpenLibrary(_ value: Any, file: String) throws(ConfigError) {
        guard let section = value as? [String: Any] else { throw .wrongType(file: file, key: "openlibrary", expected: "an object") }
        for (key, value) in section {
            let path = "openlibrary.\(key)"
            switch key {
            case "baseURL", "coversURL":
                guard let text = value as? String else { throw .wrongType(file: file, key: path, expected: "a string") }
                guard let url = Self.webURL(text) else { throw .invalidValue(file: file, key: path, expected: "an http or https URL") }
                if key == "baseURL" { openLibraryBaseURL = url } else { openLibraryCoversURL = url }
            case "contact":
                guard let text = value as? String else { throw .wrongType(file: file, key: path, expected: "a string") }
                let contact = text.trimmingCharacters(in: .whitespaces)
                // It goes into a header: printable ASCII only, so it cannot break the request.
                guard contact.count <= 200, contact.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) && $0 != "(" && $0 != ")" }) else {
                    throw .invalidValue(file: file, key: path, expected: "an email address or URL in plain ASCII, at most 200 characters, without parentheses")
                }
                openLibraryContact = contact.isEmpty ? nil : contact
            case "minRequestInterval":
                guard let number = Self.number(value), number >= 0, number <= 3600 else {
                    throw .wrongType(file: file, key: path, expected: "a number of seconds from 0 to 3600")
                }
                openLibraryMinimumRequestInterval = number
            default:
                warnings.append("\(file): unknown key \"\(path)\" ignored")
            }
        }
    }

    /// The source a new tag uses: `chosen` (`--source`), else config `source`, else Goodreads when
    /// a key is configured and Open Library when not. `fellBackForLackOfKey` is true in that last case
    /// without a key, so the command can say why Open Library was picked.
    public func resolveSource(_ chosen: SourceKind?) -> (source: SourceKind, fellBackForLackOfKey: Bool) {
        if let chosen = chosen ?? source { return (chosen, false) }
        if let apiKey, !apiKey.isEmpty { return (.goodreads, false) }
        return (.openlibrary, true)
    }

    /// The User-Agent for requests to `source`: booktag and its version, plus the contact Open
    /// Library asks applications for.
    public func userAgent(for source: SourceKind) -> String {
        let base = "booktag/\(BookTagVersion.current)"
        guard source == .openlibrary, let contact = openLibraryContact else { return base }
        return "\(base) (\(contact))"
    }

    private mutating func applyCollage(_ value: Any, file: String) throws(ConfigError) {
        guard let section = value as? [String: Any] else { throw .wrongType(file: file, key: "collage", expected: "an object") }
        for (key, value) in section {
            let path = "collage.\(key)"
            switch key {
            case "count":
                guard let number = Self.wholeNumber(value), (1...100).contains(number) else {
                    throw .wrongType(file: file, key: path, expected: "a whole number from 1 to 100")
                }
                collageCount = number
            case "columns":
                guard let number = Self.wholeNumber(value), Self.collageColumnRange.contains(number) else {
                    throw .wrongType(file: file, key: path, expected: "a whole number from 1 to \(Self.collageColumnRange.upperBound)")
                }
                collageColumns = number
            case "size":
                guard let text = value as? String, let size = try? CollageSize(parsing: text) else {
                    throw .wrongType(file: file, key: path, expected: "WIDTHxHEIGHT (each side 64 to 16384) or one of \(CollageSize.presets.map { "\"\($0.key)\"" }.joined(separator: ", "))")
                }
                collageSize = size
            case "fit": collageFit = try Self.choice(value, file: file, key: path)
            case "layout": collageLayout = try Self.choice(value, file: file, key: path)
            case "labels":
                let names = (value as? [Any])?.compactMap { $0 as? String } ?? (value as? String).map { [$0] }
                guard let names, let labels = try? CollageLabel.parseList(names.joined(separator: ",")) else {
                    throw .wrongType(file: file, key: path, expected: "a list of \(CollageLabel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
                collageLabels = labels
            case "title":
                if Self.number(value) == nil, let shown = value as? Bool {
                    collageTitle = shown ? .tagName : .hidden
                } else if let text = value as? String, let title = try? CollageTitle.custom(text) {
                    collageTitle = title
                } else {
                    throw .wrongType(file: file, key: path, expected: "a title of 1 to 200 characters, or false for none")
                }
            case "background":
                guard let text = value as? String, let color = try? CollageColor(parsing: text) else {
                    throw .wrongType(file: file, key: path, expected: "#rrggbb, #rgb or a CSS colour name")
                }
                collageBackground = color
            case "stats":
                guard Self.number(value) == nil, let shown = value as? Bool else { throw .wrongType(file: file, key: path, expected: "true or false") }
                collageStats = shown
            case "format": collageFormat = try Self.choice(value, file: file, key: path)
            default:
                warnings.append("\(file): unknown key \"\(path)\" ignored")
            }
        }
    }

    /// `collage.columns` and `--columns`.
    public static let collageColumnRange = 1...50

    /// What config.json says a collage looks like, in night mode or not (`add`, `reroll`, `import`).
    public func collageOptions(nightMode: Bool) -> CollageOptions {
        CollageOptions(
            format: collageFormat, columns: collageColumns, nightMode: nightMode, size: collageSize, fit: collageFit, layout: collageLayout,
            labels: collageLabels, title: collageTitle, background: collageBackground, stats: collageStats)
    }

    /// One of a closed set of names (`source`, `collage.format`, `.fit`, `.layout`), in any case;
    /// the error lists every name.
    private static func choice<Choice: CaseIterable & RawRepresentable>(
        _ value: Any, file: String, key: String
    ) throws(ConfigError) -> Choice where Choice.RawValue == String {
        guard let text = value as? String, let choice = Choice(rawValue: text.lowercased()) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }
            throw .wrongType(file: file, key: key, expected: names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
        }
        return choice
    }

    /// JSON numbers only: `true` is not 1, though Foundation bridges it to a number.
    private static func number(_ value: Any) -> Double? {
        // JSONSerialization gives booleans as NSNumbers of type "c" (char); real numbers are not.
        guard let number = value as? NSNumber, !["c", "B"].contains(String(cString: number.objCType)) else { return nil }
        return number.doubleValue
    }

    private static func wholeNumber(_ value: Any) -> Int? {
        guard let number = number(value), number == number.rounded(), abs(number) < 1e9 else { return nil }
        return Int(number)
    }

    private static func webURL(_ text: String) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
