/// Choices the user makes once and booktag remembers between runs.
public struct Preferences: Codable, Equatable, Sendable {
    /// Collages and coloured terminal output use a dark theme.
    public var nightMode: Bool

    /// Preferences; day by default.
    public init(nightMode: Bool = false) {
        self.nightMode = nightMode
    }

    // Missing keys take their defaults, so files written by older versions keep working and
    // new preferences can be added without a migration.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nightMode = try container.decodeIfPresent(Bool.self, forKey: .nightMode) ?? false
    }
}
