import Foundation

/// Why the configuration cannot be used; each message names the file and the key.
public enum ConfigError: Error, Equatable, Sendable {
    case unreadable(file: String)
    case invalidJSON(file: String)
    case wrongType(file: String, key: String, expected: String)
    case invalidValue(file: String, key: String, expected: String)
    case missingAPIKey(file: String)
}

extension ConfigError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .unreadable(file):
            "cannot read \(file): check its permissions"
        case let .invalidJSON(file):
            "\(file) is not valid JSON: compare it with config.example.json"
        case let .wrongType(file, key, expected), let .invalidValue(file, key, expected):
            file == key ? "\(key) must be \(expected)" : "\(file): \(key) must be \(expected)"
        case let .missingAPIKey(file):
            "no Goodreads API key: set goodreads.apiKey in \(file) (see config.example.json) or BOOKTAG_API_KEY, or use --replay DIR to work from a recording"
        }
    }
}
