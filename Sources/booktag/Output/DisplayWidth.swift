/// How many terminal columns text takes: East Asian wide characters and emoji take two,
/// combining marks none. Good enough to align tables of titles in any script.
enum DisplayWidth {
    static func of(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F })
        {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `width` columns.
    static func prefix(_ text: some StringProtocol, width: Int) -> String {
        if isPrintableASCII(text) { return String(decoding: text.utf8.prefix(max(0, width)), as: UTF8.self) }
        var used = 0
        var result = ""
        for character in text {
            let next = of(character)
            if used + next > width { break }
            used += next
            result.append(character)
        }
        return result
    }

    /// The last characters of `text` that fit in `width` columns.
    static func suffix(_ text: some StringProtocol, width: Int) -> String {
        if isPrintableASCII(text) { return String(decoding: text.utf8.suffix(max(0, width)), as: UTF8.self) }
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            let next = of(text[before])
            if used + next > width { break }
            used += next
            start = before
        }
        return String(text[start...])
    }

    /// Printable ASCII (most cells): one column per byte, no Unicode tables needed. Read from the
    /// string's own bytes where it keeps them together (a native string does): stepping through
    /// `utf8` an index at a time, for each of `list`'s 6,000 cells at 1,000 tags (and each name
    /// again in `Terminal.safe`), was most of the 0.6–0.7 ms this and `LocalTimestamp` took off it.
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte &- 0x20 >= 0x5F { return false }
            return true
        } ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
