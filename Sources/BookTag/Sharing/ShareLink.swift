import Foundation

/// A read-only link to one tag's year page (`booktag share`): anyone holding its key sees that
/// tag through `serve` at `/s/KEY`, without the token, until the reader revokes it.
public struct ShareLink: Sendable, Equatable {
    /// 144 random bits as 24 characters of base64url: long enough that guessing is hopeless,
    /// short enough to read out.
    public var key: String
    /// The tag it shows, as the reader named it.
    public var tag: String
    /// When it was made.
    public var createdAt: Date
    /// The language its page is in: its maker's.
    public var language = Language.english

    /// Where `serve` answers it, from the app's root.
    public var path: String { "/s/" + key }

    /// The length of every key booktag makes.
    public static let keyLength = 24

    /// A new key: 18 bytes from the system's generator, base64url without padding.
    static func makeKey() -> String {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<18).map { _ in UInt8.random(in: 0...255, using: &random) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    /// Whether `text` has a key's shape (so nothing else reaches the store).
    static func isKeyShaped(_ text: Substring) -> Bool {
        text.utf8.count == keyLength
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}
