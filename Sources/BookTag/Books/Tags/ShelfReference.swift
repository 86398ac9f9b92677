import Foundation

/// A reader's shelf as `add --shelf` names it: `USER[/SHELF]` on Goodreads or Open Library, a
/// status of the token's own library on Hardcover, `USER@INSTANCE[/SHELF]` on BookWyrm.
///
/// Goodreads: the user id is the number in a profile's address (`goodreads.com/user/show/12345-sam`;
/// the `-sam` part is accepted and dropped), shelves are the reader's own names (letters, digits,
/// `-`, `_`), `read` by default. Open Library: the username in `openlibrary.org/people/NAME`
/// (letters, digits, `_`, `-`, `.`), and one of its three reading-log shelves, `already-read` by
/// default. Hardcover: `read` (the default), `currently-reading`, `want-to-read`, `paused` or
/// `did-not-finish`. BookWyrm: a username and its instance's host (a port only for loopback
/// tests), and a shelf identifier, `read` by default. Every part goes into a URL or a query, so
/// nothing else is let through.
public struct ShelfReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The shelf when a reference names only a Goodreads user.
    public static let defaultShelf = "read"
    /// Open Library's reading-log shelves, the default first.
    public static let openLibraryShelves = ["already-read", "currently-reading", "want-to-read"]
    /// Hardcover's statuses and their `status_id`, the default first.
    public static let hardcoverShelves: KeyValuePairs<String, Int> = [
        "read": 3, "currently-reading": 2, "want-to-read": 1, "paused": 4, "did-not-finish": 5,
    ]

    /// Goodreads: digits only. Open Library: the username as typed. Hardcover: empty (the token
    /// says whose). BookWyrm: `USER@INSTANCE`.
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
        switch source {
        case .hardcover:
            let shelf = trimmed.isEmpty ? "read" : trimmed.lowercased()
            guard Self.hardcoverShelves.contains(where: { $0.key == shelf }) else {
                throw .badHardcoverShelf(String(trimmed.prefix(40)))
            }
            userID = ""
            self.shelf = shelf
            return
        case .bookwyrm:
            (userID, self.shelf) = try Self.bookWyrm(parts)
            return
        case .audiobookshelf:
            userID = try Self.audiobookshelfServer(trimmed)
            shelf = Self.audiobookshelfShelf
            return
        default: break
        }
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

    /// `12345/read`, `mira/already-read`, `read` (Hardcover), `mouse@bookwyrm.social/read`: how it
    /// is typed, stored and shown.
    public var description: String {
        if source == .audiobookshelf { return userID }
        return userID.isEmpty ? shelf : "\(userID)/\(shelf)"
    }

    /// An Audiobookshelf tag holds the books the token's user finished.
    static let audiobookshelfShelf = "finished"

    /// The Audiobookshelf server's address, `http(s)://HOST[:PORT][/PATH]`.
    public var audiobookshelfServer: URL? {
        source == .audiobookshelf ? URL(string: userID) : nil
    }

    /// A server's address as typed: http or https, a host, perhaps a port and a path (a server
    /// behind a reverse proxy's sub-path), nothing else. Plain http only for a server on this
    /// machine or the reader's own network: a token must not cross the internet in clear.
    private static func audiobookshelfServer(_ text: String) throws(ShelfReferenceError) -> String {
        var address = text
        while address.hasSuffix("/") { address.removeLast() }
        let shown = String(text.prefix(80))
        guard address.count <= 200, let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host?.lowercased(), !host.isEmpty,
            url.user == nil, url.password == nil, url.query == nil, url.fragment == nil,
            url.path.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/-._~".unicodeScalars.contains($0))
            }),
            !url.path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." })
        else { throw .badAudiobookshelfServer(shown) }
        if scheme == "http", !url.isLoopback, !RemoteAddress.isPrivate(host) {
            throw .plainHTTPServer(host)
        }
        let port = url.port.map { ":\($0)" } ?? ""
        let path = url.path == "/" ? "" : url.path
        return "\(scheme)://\(url.host ?? host)\(port)\(path)"
    }

    /// Hardcover's `status_id` for the shelf.
    public var hardcoverStatus: Int? {
        source == .hardcover ? Self.hardcoverShelves.first { $0.key == shelf }?.value : nil
    }

    /// BookWyrm's user and instance.
    public var bookWyrmAccount: (user: String, instance: String)? {
        guard source == .bookwyrm, let at = userID.firstIndex(of: "@") else { return nil }
        return (String(userID[..<at]), String(userID[userID.index(after: at)...]))
    }

    private static func bookWyrm(_ parts: [Substring]) throws(ShelfReferenceError) -> (String, String) {
        let account = parts[0]
        let pieces = account.split(separator: "@", omittingEmptySubsequences: false)
        let allowed = { (text: Substring, extra: String) in
            !text.isEmpty && text.count <= 64
                && text.unicodeScalars.allSatisfy {
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || extra.unicodeScalars.contains($0))
                }
        }
        // user@host or user@host:port; a host of letters, digits, dots and hyphens, never a path.
        guard pieces.count == 2, allowed(pieces[0], "_-."), pieces[0] != ".", pieces[0] != "..",
            allowed(pieces[1], ".-:"), !pieces[1].hasPrefix("."), !pieces[1].hasPrefix("-"),
            pieces[1].split(separator: ":").count <= 2,
            pieces[1].split(separator: ":").dropFirst().allSatisfy({ $0.allSatisfy(\.isNumber) })
        else {
            throw .badBookWyrmAccount(String(account.prefix(60)))
        }
        let shelf = parts.count > 1 ? parts[1].lowercased() : defaultShelf
        guard allowed(Substring(shelf), "-_") else { throw .badBookWyrmShelf(String(shelf.prefix(40))) }
        return (pieces[0] + "@" + pieces[1].lowercased(), shelf)
    }

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
    /// Not one of Hardcover's statuses.
    case badHardcoverShelf(String)
    /// Not `USER@INSTANCE`.
    case badBookWyrmAccount(String)
    /// Not a BookWyrm shelf identifier.
    case badBookWyrmShelf(String)
    /// Not an Audiobookshelf server's address.
    case badAudiobookshelfServer(String)
    /// Plain http to a server that is not on the reader's own network.
    case plainHTTPServer(String)
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
        case .badHardcoverShelf(let text):
            "\"\(text)\" is not a Hardcover status: use read, currently-reading, want-to-read, paused or did-not-finish"
        case .badBookWyrmAccount(let text):
            "\"\(text)\" is not a BookWyrm account: use the name and instance in your profile's address, as mouse@bookwyrm.social/read"
        case .badBookWyrmShelf(let text):
            "\"\(text)\" is not a BookWyrm shelf: use read, to-read, reading, stopped-reading or a shelf's identifier"
        case .badAudiobookshelfServer(let text):
            "\"\(text)\" is not an Audiobookshelf server's address: use the address you open it at, as https://abs.example.com or http://192.168.1.20:13378"
        case .plainHTTPServer(let host):
            "\(host) is not on your own network, so the token would cross the internet in clear: use the server's https address"
        }
    }
}
