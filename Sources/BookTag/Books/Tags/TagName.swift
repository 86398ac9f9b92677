import Foundation

/// A tag as the user typed it, validated, with the key that identifies it.
///
/// `Fantasy`, ` fantasy ` and `FANTASY` are one tag: the key folds case, trims, collapses inner
/// whitespace and normalises Unicode, while the display name keeps the first spelling. Any
/// script is welcome; a tag is never used as a path as it is.
public struct TagName: Hashable, Sendable, CustomStringConvertible {
    /// The longest tag accepted, in characters.
    public static let maximumLength = 100

    /// The name for display: trimmed, inner whitespace collapsed to single spaces.
    public let display: String
    /// The identity: `display` case-folded and in Unicode NFC.
    public let key: String

    /// Checks and normalises what a reader typed.
    public init(_ raw: String) throws(TagNameError) {
        if let control = raw.unicodeScalars.first(where: Self.isRefused) {
            throw .controlCharacter(String(format: "U+%04X", control.value))
        }
        let display = Self.collapsingWhitespace(raw)
        guard !display.isEmpty else { throw .empty }
        guard display.count <= Self.maximumLength else { throw .tooLong(display.count) }
        self.display = display
        self.key = display.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }

    public var description: String { display }

    /// `text` trimmed, each run of whitespace one space. Whitespace is found scalar by scalar:
    /// split by `Character`, a space followed by a combining mark counts as whitespace (its first
    /// scalar) and the mark would go too, so a tag's display name would not parse back to the
    /// same tag (found by `scripts/fuzz options`).
    static func collapsingWhitespace(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var space = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                space = !scalars.isEmpty
                continue
            }
            if space { scalars.append(" ") }
            space = false
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Control and invisible formatting characters, except the whitespace that pasting brings
    /// (tab, line feed, carriage return) and the joiners some scripts need (ZWNJ, ZWJ).
    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: !["\t", "\n", "\r"].contains(scalar)
        case .format: !(0x200C...0x200D).contains(scalar.value)
        default: false
        }
    }
}
