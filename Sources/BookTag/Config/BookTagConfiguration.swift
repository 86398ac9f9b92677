import Foundation

/// What `config.json` and the environment say, with defaults for everything but the API key.
///
/// Errors name the file, the key path and what was expected, and never echo a value (the key is
/// a secret). Unknown keys are reported as warnings, so a misspelt `apikey` is not silently lost.
public struct BookTagConfiguration: Equatable, Sendable {
    public var apiKey: String?
    public var baseURL = URL(string: "https://www.goodreads.com")!
    public var minimumRequestInterval = 1.0
    /// Seconds to wait for an answer before a request fails (API calls are then retried).
    public var requestTimeout = 20.0
    public var collageCount = 12
    public var collageColumns = 4
    public var collageFormat = CollageFormat.png
    /// Keys the file has that booktag does not know.
    public var warnings: [String] = []

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
            case "goodreads": try applyGoodreads(value, file: file)
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
                guard let number = Self.wholeNumber(value), (1...12).contains(number) else {
                    throw .wrongType(file: file, key: path, expected: "a whole number from 1 to 12")
                }
                collageColumns = number
            case "format":
                guard let text = value as? String, let format = CollageFormat(rawValue: text.lowercased()) else {
                    throw .wrongType(file: file, key: path, expected: "\"png\", \"jpeg\" or \"html\"")
                }
                collageFormat = format
            default:
                warnings.append("\(file): unknown key \"\(path)\" ignored")
            }
        }
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
