/// Character-level clean-up shared by both sanitiser outputs.
enum TextCleaning {
    /// Windows-1252's meanings for 0x80–0x9F. Goodreads descriptions contain references such
    /// as `&#151;` that browsers show as an em dash; a strict parser yields C1 controls instead.
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    /// `text` with C1 controls mapped as Windows-1252 does and every other control character
    /// (terminal escape sequences among them) removed. Tabs and line breaks become spaces,
    /// bidirectional overrides are dropped; the caller decides where real breaks go.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D:
                result.append(" ")
            case 0x00...0x1F, 0x7F:
                continue
            case 0x80...0x9F:
                if let mapped = windows1252[scalar.value] { result.append(mapped) }
            case 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
