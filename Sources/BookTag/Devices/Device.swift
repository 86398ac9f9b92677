import Foundation

/// An e-reader that syncs into `serve` (`booktag devices add`): a name it logs in with, and when
/// it last sent its reading.
public struct Device: Sendable, Equatable {
    /// The name it was added with, which is also its user name.
    public var name: String
    /// When it was added.
    public var createdAt: Date
    /// When its statistics were last received, if ever.
    public var lastSyncAt: Date?

    /// A name a device may have: 1 to 40 letters, digits, `-`, `_` or `.`, since KOReader sends
    /// it as a user name (Basic auth, the `x-auth-user` header).
    public static func checkName(_ name: String) throws(BookTagFailure) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard (1...40).contains(trimmed.count),
            trimmed.unicodeScalars.allSatisfy({
                ($0.isASCII && (CharacterSet.alphanumerics.contains($0))) || "-_.".unicodeScalars.contains($0)
            })
        else {
            throw BookTagFailure(
                .usage, "a device's name is 1 to 40 letters, digits, '-', '_' or '.', such as kobo or boox-note")
        }
        return trimmed
    }
}
