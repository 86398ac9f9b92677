import Foundation

/// Why the configuration cannot be used; each message names the file and the key.
public enum ConfigError: BookTagError, Equatable {
    /// The file exists but cannot be read.
    case unreadable(file: String)
    /// The file is not JSON.
    case invalidJSON(file: String)
    /// A key has a value of the wrong kind; `expected` says what it takes.
    case wrongType(file: String, key: String, expected: String)
    /// A key's value is of the right kind but not allowed.
    case invalidValue(file: String, key: String, expected: String)
    /// Goodreads is the source and no key is configured.
    case missingAPIKey(file: String)
}

extension ConfigError {
    /// Always the configuration's.
    public var kind: BookTagFailure.Kind {
        .config
    }

    /// What the reader can change.
    public var advice: Advice? {
        if case .missingAPIKey = self { return .workFromARecording }
        return nil
    }

    public var errorDescription: String? {
        switch self {
        case .unreadable(let file):
            "cannot read \(file): check its permissions"
        case .invalidJSON(let file):
            "\(file) is not valid JSON: compare it with config.example.json"
        case .wrongType(let file, let key, let expected), .invalidValue(let file, let key, let expected):
            file == key ? "\(key) must be \(expected)" : "\(file): \(key) must be \(expected)"
        case .missingAPIKey(let file):
            "no Goodreads API key: set goodreads.apiKey in \(file) (see config.example.json) or BOOKTAG_API_KEY"
        }
    }
}
