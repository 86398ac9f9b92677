import Foundation

/// ANSI colours for one output stream: none unless it is a terminal and NO_COLOR is unset;
/// brighter tones in night mode, for dark terminals.
struct Palette: Sendable {
    enum Role { case heading, accent, muted, warning, error, success }

    let enabled: Bool
    let nightMode: Bool

    static let plain = Palette(enabled: false, nightMode: false)

    /// The palette for a descriptor, following night mode when it is known.
    static func forDescriptor(_ descriptor: Int32, nightMode: Bool) -> Palette {
        Palette(enabled: Terminal.usesColor(for: descriptor), nightMode: nightMode)
    }

    func paint(_ text: String, _ role: Role) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(code(for: role))m\(text)\u{1B}[0m"
    }

    private func code(for role: Role) -> String {
        switch (role, nightMode) {
        case (.heading, false): "1;34"
        case (.heading, true): "1;96"
        case (.accent, false): "35"
        case (.accent, true): "95"
        case (.muted, false): "90"
        case (.muted, true): "37"
        case (.warning, false): "33"
        case (.warning, true): "93"
        case (.error, false): "1;31"
        case (.error, true): "1;91"
        case (.success, false): "32"
        case (.success, true): "92"
        }
    }
}
