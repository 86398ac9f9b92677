import Foundation

/// A service's personal token as a reader pastes it (Hardcover's, Audiobookshelf's): one rule for
/// every token of config.json and the environment.
enum SourceToken {
    /// `text` trimmed, without the `Bearer ` a settings page may show in front of it; `nil` when
    /// nothing is left.
    static func cleaned(_ text: String) -> String? {
        var token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if token.lowercased().hasPrefix("bearer ") {
            token = String(token.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return token.isEmpty ? nil : token
    }
}
