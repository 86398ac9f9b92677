import Foundation

/// A reader's shelf as `add --shelf` names it: `USER_ID[/SHELF]`, the shelf `read` by default.
///
/// The user id is the number in a profile's address (`goodreads.com/user/show/12345-sam`); the
/// `-sam` part is accepted and dropped. Shelf names are Goodreads' own: letters, digits, `-`
/// and `_` (`to-read`, `currently-reading`, `favourites-2025`). Both go into a URL, so nothing
/// else is let through.
public struct ShelfReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The shelf when a reference names only a user.
    public static let defaultShelf = "read"

    /// Digits only.
    public let userID: String
    /// Lower-case.
    public let shelf: String

    /// Reads `USER_ID[/SHELF]`.
    public init(_ text: String) throws(ShelfReferenceError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let user = parts[0].prefix { $0 != "-" }
        guard !user.isEmpty, user.count <= 20, user.allSatisfy({ $0.isASCII && $0.isNumber }), user.contains(where: { $0 != "0" }) else {
            throw .badUserID(String(parts[0].prefix(40)))
        }
        let shelf = parts.count > 1 ? parts[1].lowercased() : Self.defaultShelf
        guard !shelf.isEmpty, shelf.count <= 64,
            shelf.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        else {
            throw .badShelf(String(shelf.prefix(40)))
        }
        userID = String(user)
        self.shelf = shelf
    }

    /// `12345/read`: how it is typed, stored and shown.
    public var description: String { "\(userID)/\(shelf)" }
}

/// Why `--shelf` cannot be used.
public enum ShelfReferenceError: Error, Equatable, Sendable {
    /// Not the digits of a user id.
    case badUserID(String)
    /// Not a shelf's name (letters, digits, `-` and `_`).
    case badShelf(String)
}

extension ShelfReferenceError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .badUserID(text):
            "\"\(text)\" is not a Goodreads user id: use the number in your profile's address (goodreads.com/user/show/12345-name → 12345), as --shelf 12345/read"
        case let .badShelf(text):
            "\"\(text)\" is not a Goodreads shelf name: use letters, digits, - and _, as in 12345/to-read"
        }
    }
}
