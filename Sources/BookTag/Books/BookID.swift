import Foundation

/// A book's identity: its source and the source's own id (`goodreads 5100000`,
/// `openlibrary OL45804W`). Ids of different sources never compare equal, so one store can
/// hold books from every source side by side.
public struct BookID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The source that knows the book by ``value``.
    public var source: SourceKind
    /// The id as the source writes it: Goodreads' digits, Open Library's work key (`OL45804W`).
    public var value: String

    /// A book of `source` with its id there (digits for Goodreads, `OL…W` for Open Library).
    public init(source: SourceKind, value: String) {
        self.source = source
        self.value = value
    }

    /// A Goodreads book by its numeric id.
    public static func goodreads(_ id: Int) -> BookID {
        BookID(source: .goodreads, value: String(id))
    }

    /// An Open Library work by its id (`OL45804W`).
    public static func openLibrary(_ workID: String) -> BookID {
        BookID(source: .openlibrary, value: workID)
    }

    /// A book of a reader's Calibre library, by Calibre's own uuid for it.
    public static func calibre(_ uuid: String) -> BookID {
        BookID(source: .calibre, value: uuid)
    }

    /// Reads an id as a user types it: digits are a Goodreads book id, `OL…W` an Open Library
    /// work (a `/works/` prefix is accepted, as Open Library writes keys).
    public init?(parsing text: String) {
        var trimmed = Self.trimmingSpaces(text)
        if let id = Int(trimmed), id > 0, trimmed.allSatisfy(\.isASCII) {
            self = .goodreads(id)
            return
        }
        if trimmed.hasPrefix("/works/") { trimmed = trimmed.dropFirst("/works/".count) }
        guard let work = Self.openLibraryWorkID(trimmed) else { return nil }
        self = .openLibrary(work)
    }

    /// `text` without the spaces and tabs around it (what Foundation's `.whitespaces` holds here:
    /// tab, Unicode's space separators and the zero-width space), by the string's own scalars:
    /// Foundation's `trimmingCharacters` goes through `NSString`, three conformance look-ups of
    /// 40 µs each on `show --id`'s way to its first line.
    static func trimmingSpaces(_ text: String) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return Substring(scalars[first...last])
    }

    /// `OL…W` with 1 to 12 digits, upper-cased; `nil` for anything else.
    public static func openLibraryWorkID(_ text: some StringProtocol) -> String? {
        let upper = text.uppercased()
        guard upper.hasPrefix("OL"), upper.hasSuffix("W") else { return nil }
        let digits = upper.dropFirst(2).dropLast()
        guard (1...12).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return upper
    }

    /// The Goodreads id as a number, for Goodreads' own URLs.
    public var goodreadsNumber: Int? {
        source == .goodreads ? Int(value) : nil
    }

    public var description: String { "\(source.rawValue) \(value)" }
}
