import Foundation

/// Reads and writes `preferences.json`.
///
/// A missing file means defaults. A corrupt one also means defaults, with a warning for the
/// caller to show, never a failure: a preference is not worth refusing to work over.
public struct PreferencesStore: Sendable {
    /// `preferences.json`.
    public let file: URL

    /// The preferences of `home`.
    public init(home: BookTagHome) {
        file = home.preferencesFile
    }

    /// The stored preferences, and a warning when the file was unreadable.
    public func load() -> (preferences: Preferences, warning: String?) {
        guard let data = try? FileBytes.read(file) else {
            let exists = FileManager.default.fileExists(atPath: file.path)
            return (Preferences(), exists ? "cannot read \(file.path); using default preferences" : nil)
        }
        do {
            return (try JSONDecoder().decode(Preferences.self, from: data), nil)
        } catch {
            return (
                Preferences(),
                "\(file.path) is not valid preferences JSON; using defaults (it will be replaced on the next change)"
            )
        }
    }

    /// Writes `preferences` atomically, readable by the user only.
    public func save(_ preferences: Preferences) throws {
        try BookTagHome.createFolder(file.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(encoder.encode(preferences) + Data("\n".utf8), to: file)
    }
}
