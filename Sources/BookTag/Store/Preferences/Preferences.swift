/// Choices the user makes once and booktag remembers between runs.
public struct Preferences: Codable, Equatable, Sendable {
    /// Collages and coloured terminal output use a dark theme.
    public var nightMode: Bool
    /// The language serve's pages are in whatever a browser asks (their setting); nil lets each
    /// browser's `Accept-Language` choose.
    public var language: String?

    /// Preferences; day by default.
    public init(nightMode: Bool = false, language: String? = nil) {
        self.nightMode = nightMode
        self.language = language
    }

    // Missing keys take their defaults, so files written by older versions keep working and
    // new preferences can be added without a migration.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nightMode = try container.decodeIfPresent(Bool.self, forKey: .nightMode) ?? false
        // One this booktag does not know (written by a later one) is as good as none.
        language = (try? container.decodeIfPresent(String.self, forKey: .language)).flatMap { $0 }
    }
}
