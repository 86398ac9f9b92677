import Foundation

/// Adds a print shop's boxes to the one page of a PDF cairo wrote, which has only a
/// `MediaBox`: `BleedBox` the whole page, `TrimBox` the paper, `bleedPoints` inside it. The
/// boxes go into the page's dictionary and every cross-reference offset after them moves by
/// as much; cairo writes PDF 1.4 for this (a plain cross-reference table, no object streams).
/// A PDF library (qpdf) would do the same at the cost of linking a C++ library for a dozen lines.
///
/// cairo 1.16 names an image in the page's resources once for every time it is painted
/// (`/XObject << /x6 6 0 R /x6 6 0 R >>`), which `qpdf --check` reports; the repeats are
/// blanked with spaces, which moves nothing.
enum PDFPageBoxes {
    static func add(to pdf: Data, bleedPoints: Double) throws(PrintError) -> Data {
        var bytes = [UInt8](pdf)
        removeRepeatedXObjects(in: &bytes)
        let pages = ranges(of: "/Type /Page", in: bytes).filter { range in
            range.upperBound < bytes.count && !isNameCharacter(bytes[range.upperBound])
        }
        guard pages.count == 1, let page = pages.first else {
            throw .unexpectedPDF("\(pages.count) pages")
        }
        guard let media = ranges(of: "/MediaBox [", in: bytes, from: page.upperBound).first,
            let close = bytes[media.upperBound...].firstIndex(of: UInt8(ascii: "]"))
        else { throw .unexpectedPDF("no MediaBox") }
        let numbers = String(decoding: bytes[media.upperBound..<close], as: UTF8.self)
            .split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4 else { throw .unexpectedPDF("a MediaBox of \(numbers.count) numbers") }
        func box(_ inset: Double) -> String {
            let values = [numbers[0] + inset, numbers[1] + inset, numbers[2] - inset, numbers[3] - inset]
            return values.map { String(format: "%.4f", $0) }.joined(separator: " ")
        }
        let insertion = Array("\n   /TrimBox [ \(box(bleedPoints)) ]\n   /BleedBox [ \(box(0)) ]".utf8)
        let at = close + 1
        var output = Array(bytes[..<at]) + insertion + Array(bytes[at...])
        try moveOffsets(in: &output, after: at, by: insertion.count)
        return Data(output)
    }

    /// Moves every cross-reference entry and `startxref` that point past `position` by `delta`.
    private static func moveOffsets(in bytes: inout [UInt8], after position: Int, by delta: Int) throws(PrintError) {
        guard let start = ranges(of: "startxref", in: bytes, from: max(0, bytes.count - 1024)).last,
            let digits = bytes[start.upperBound...].firstIndex(where: { (48...57).contains($0) })
        else { throw .unexpectedPDF("no startxref") }
        let end = bytes[digits...].firstIndex { !(48...57).contains($0) } ?? bytes.count
        guard let old = Int(String(decoding: bytes[digits..<end], as: UTF8.self)) else {
            throw .unexpectedPDF("a bad startxref")
        }
        let xref = old > position ? old + delta : old
        bytes.replaceSubrange(digits..<end, with: Array(String(xref).utf8))
        guard xref + 4 <= bytes.count, Array(bytes[xref..<xref + 4]) == Array("xref".utf8) else {
            throw .unexpectedPDF("no cross-reference table (an object stream?)")
        }
        var index = xref + 4
        func line() -> String? {
            while index < bytes.count, bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 32 { index += 1 }
            guard let end = bytes[index...].firstIndex(where: { $0 == 10 || $0 == 13 }) else { return nil }
            defer { index = end }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        while let header = line(), !header.hasPrefix("trailer") {
            let parts = header.split(separator: " ")
            guard parts.count == 2, let count = Int(parts[1]), count >= 0 else {
                throw .unexpectedPDF("a bad cross-reference section")
            }
            for _ in 0..<count {
                while index < bytes.count, bytes[index] == 10 || bytes[index] == 13 || bytes[index] == 32 { index += 1 }
                // Entries are 20 bytes: a 10-digit offset, the generation, `n` or `f`.
                guard index + 18 <= bytes.count,
                    let offset = Int(String(decoding: bytes[index..<index + 10], as: UTF8.self))
                else { throw .unexpectedPDF("a bad cross-reference entry") }
                if bytes[index + 17] == UInt8(ascii: "n"), offset > position {
                    let moved = String(format: "%010d", offset + delta)
                    guard moved.utf8.count == 10 else { throw .unexpectedPDF("an offset past 10 digits") }
                    bytes.replaceSubrange(index..<index + 10, with: Array(moved.utf8))
                }
                index += 18
            }
        }
    }

    /// Blanks the repeated entries of each `/XObject << … >>` resource dictionary.
    private static func removeRepeatedXObjects(in bytes: inout [UInt8]) {
        for start in ranges(of: "/XObject <<", in: bytes) {
            guard let end = ranges(of: ">>", in: bytes, from: start.upperBound).first else { continue }
            let entries = String(decoding: bytes[start.upperBound..<end.lowerBound], as: UTF8.self)
            let tokens = entries.split(separator: " ")
            // Only a dictionary of `/name object generation R` entries is rewritten.
            guard tokens.count % 4 == 0, stride(from: 3, to: tokens.count, by: 4).allSatisfy({ tokens[$0] == "R" })
            else { continue }
            var seen = Set<Substring>()
            var kept: [Substring] = []
            for index in stride(from: 0, to: tokens.count, by: 4) where seen.insert(tokens[index]).inserted {
                kept += tokens[index..<index + 4]
            }
            guard kept.count < tokens.count else { continue }
            var rewritten = Array((" " + kept.joined(separator: " ") + " ").utf8)
            let length = end.lowerBound - start.upperBound
            rewritten += Array(repeating: UInt8(ascii: " "), count: max(0, length - rewritten.count))
            bytes.replaceSubrange(start.upperBound..<end.lowerBound, with: rewritten.prefix(length))
        }
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
    }

    private static func ranges(of text: String, in bytes: [UInt8], from start: Int = 0) -> [Range<Int>] {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count else { return [] }
        var found: [Range<Int>] = []
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle {
                found.append(index..<index + needle.count)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
