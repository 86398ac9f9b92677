import Foundation

/// The sources' sections of config.json: each its pacing keys, then its own.
extension BookTagConfiguration {
    /// A source's section: its pacing keys here, the others by `read` (false for a key it does not know).
    static func read<Settings: SourcePacing>(
        _ settings: inout Settings, _ value: Any, _ path: String, with reader: ConfigReader,
        _ read: (_ key: String, _ value: Any, _ path: String, _ settings: inout Settings) throws(ConfigError) -> Bool =
            { _, _, _, _ in false }
    ) throws(ConfigError) {
        try reader.section(value, at: path) { (key, value, path) throws(ConfigError) -> Bool in
            switch key {
            case "minRequestInterval": settings.minimumRequestInterval = try reader.seconds(value, path, in: 0...3600)
            case "timeout": settings.timeout = try reader.seconds(value, path, in: 0.1...600)
            default: return try read(key, value, path, &settings)
            }
            return true
        }
    }

    static func read(
        _ settings: inout GoodreadsSettings, _ value: Any, _ path: String, with reader: ConfigReader
    ) throws(ConfigError) {
        try read(&settings, value, path, with: reader) { (key, value, path, settings) throws(ConfigError) -> Bool in
            switch key {
            case "apiKey":
                settings.apiKey = try reader.text(value, path).trimmingCharacters(in: .whitespacesAndNewlines)
            case "baseURL": settings.baseURL = try reader.webURL(value, path)
            default: return false
            }
            return true
        }
    }

    static func read(
        _ settings: inout OpenLibrarySettings, _ value: Any, _ path: String, with reader: ConfigReader
    ) throws(ConfigError) {
        try read(&settings, value, path, with: reader) { (key, value, path, settings) throws(ConfigError) -> Bool in
            switch key {
            case "baseURL": settings.baseURL = try reader.webURL(value, path)
            case "coversURL": settings.coversURL = try reader.webURL(value, path)
            case "contact":
                let contact = try reader.text(value, path).trimmingCharacters(in: .whitespaces)
                // It goes into a header: printable ASCII only, so it cannot break the request.
                guard contact.count <= 200,
                    contact.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) && $0 != "(" && $0 != ")" })
                else {
                    throw .invalidValue(
                        file: reader.file, key: path,
                        expected: "an email address or URL in plain ASCII, at most 200 characters, without parentheses")
                }
                settings.contact = contact.isEmpty ? nil : contact
            default: return false
            }
            return true
        }
    }

    static func read(
        _ settings: inout HardcoverSettings, _ value: Any, _ path: String, with reader: ConfigReader
    ) throws(ConfigError) {
        try read(&settings, value, path, with: reader) { (key, value, path, settings) throws(ConfigError) -> Bool in
            switch key {
            case "token": settings.token = SourceToken.cleaned(try reader.text(value, path))
            case "baseURL": settings.baseURL = try reader.webURL(value, path)
            default: return false
            }
            return true
        }
    }

    static func read(
        _ settings: inout AudiobookshelfSettings, _ value: Any, _ path: String, with reader: ConfigReader
    ) throws(ConfigError) {
        try read(&settings, value, path, with: reader) { (key, value, path, settings) throws(ConfigError) -> Bool in
            switch key {
            case "token": settings.token = SourceToken.cleaned(try reader.text(value, path))
            case "server":
                let text = try reader.text(value, path)
                guard (try? ShelfReference(text, source: .audiobookshelf)) != nil else {
                    throw .invalidValue(
                        file: reader.file, key: path,
                        expected: "the server's http or https address, as https://abs.example.com")
                }
                settings.server = text
            default: return false
            }
            return true
        }
    }
}
