import Foundation

/// A reader's public shelf as `add --shelf` names it: `USER[/SHELF]`, on Goodreads or Open Library.
///
/// Goodreads: the user id is the number in a profile's address (`goodreads.com/user/show/12345-sam`;
/// the `-sam` part is accepted and dropped), shelves are the reader's own names (letters, digits,
/// `-`, `_`), `read` by default. Open Library: the username in `openlibrary.org/people/NAME`
/// (letters, digits, `_`, `-`, `.`), and one of its three reading-log shelves, `already-read` by
/// default. Both parts go into a URL, so nothing else is let through.
public struct ShelfReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The shelf when a reference names only a Goodreads user.
    public static let defaultShelf = "read"
    /// Open Library's reading-log shelves, the default first.
    public static let openLibraryShelves = ["already-read", "currently-reading", "want-to-read"]

    /// Goodreads: digits only. Open Library: the username as typed.
    public let userID: String
    /// Lower-case.
    public let shelf: String
    /// Whose shelf: Goodreads' (a tag made before Open Library shelves says none) or Open Library's.
    public let source: SourceKind

    /// Reads `USER[/SHELF]` of `source`.
    public init(_ text: String, source: SourceKind = .goodreads) throws(ShelfReferenceError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        self.source = source
        if source == .openlibrary {
            let user = parts[0]
            guard !user.isEmpty, user.count <= 64,
                user.unicodeScalars.allSatisfy({
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_-.".unicodeScalars.contains($0))
                }),
                user != ".", user != ".."
            else {
                throw .badOpenLibraryUser(String(parts[0].prefix(40)))
            }
            let shelf = parts.count > 1 ? parts[1].lowercased() : Self.openLibraryShelves[0]
            guard Self.openLibraryShelves.contains(shelf) else { throw .badOpenLibraryShelf(String(shelf.prefix(40))) }
            userID = String(user)
            self.shelf = shelf
            return
        }
        let user = parts[0].prefix { $0 != "-" }
        guard !user.isEmpty, user.count <= 20, user.allSatisfy({ $0.isASCII && $0.isNumber }),
            user.contains(where: { $0 != "0" })
        else {
            throw .badUserID(String(parts[0].prefix(40)))
        }
        let shelf = parts.count > 1 ? parts[1].lowercased() : Self.defaultShelf
        guard !shelf.isEmpty, shelf.count <= 64,
            shelf.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            })
        else {
            throw .badShelf(String(shelf.prefix(40)))
        }
        userID = String(user)
        self.shelf = shelf
    }

    /// `12345/read`, `mira/already-read`: how it is typed, stored and shown.
    public var description: String { "\(userID)/\(shelf)" }

    private enum CodingKeys: String, CodingKey {
        case userID, shelf, source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(String.self, forKey: .userID)
        shelf = try container.decode(String.self, forKey: .shelf)
        source = try container.decodeIfPresent(SourceKind.self, forKey: .source) ?? .goodreads
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(shelf, forKey: .shelf)
        // A Goodreads shelf is stored as 0.4.0 stored it, so that an older booktag still reads it.
        if source != .goodreads { try container.encode(source, forKey: .source) }
    }
}

/// Why `--shelf` cannot be used.
public enum ShelfReferenceError: BookTagError, Equatable {
    /// Not the digits of a user id.
    case badUserID(String)
    /// Not a shelf's name (letters, digits, `-` and `_`).
    case badShelf(String)
    /// Not an Open Library username.
    case badOpenLibraryUser(String)
    /// Not one of Open Library's three reading-log shelves.
    case badOpenLibraryShelf(String)
}

extension ShelfReferenceError {
    /// A bad argument.
    public var kind: BookTagFailure.Kind {
        .usage
    }

    public var errorDescription: String? {
        switch self {
        case .badUserID(let text):
            "\"\(text)\" is not a Goodreads user id: use the number in your profile's address (goodreads.com/user/show/12345-name → 12345), as 12345/read"
        case .badShelf(let text):
            "\"\(text)\" is not a Goodreads shelf name: use letters, digits, - and _, as in 12345/to-read"
        case .badOpenLibraryUser(let text):
            "\"\(text)\" is not an Open Library username: use the name in your profile's address (openlibrary.org/people/NAME), as NAME/already-read"
        case .badOpenLibraryShelf(let text):
            "\"\(text)\" is not an Open Library reading-log shelf: use already-read, currently-reading or want-to-read"
        }
    }
}
