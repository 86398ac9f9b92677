import Foundation

/// Adds a print shop's boxes to the one page of a PDF cairo wrote, which has only a
/// `MediaBox`: `BleedBox` the whole page, `TrimBox` the paper, `bleedPoints` inside it. They
/// take the place of the page's transparency group, which cairo writes on every page and an
/// opaque poster does without, padded with spaces: no byte moves, so the PDF is mended in place
/// in its file, its cross-reference table untouched, and the covers' megabytes are never read
/// back. A PDF library (qpdf) would rewrite the whole file, and link a C++ library for it.
///
/// cairo 1.16 names an image in the page's resources once for every time it is painted
/// (`/XObject << /x6 6 0 R /x6 6 0 R >>`), which `qpdf --check` reports; the repeats are
/// blanked with spaces likewise.
enum PDFPageBoxes {
    /// The most of the file's start read to find the page: cairo writes the page's content
    /// (compressed drawing operators) and dictionary before any image.
    static let headBytes = 4 << 20

    /// Mends the PDF in the file open on `descriptor` (read and write): reads its start until
    /// the page's dictionary has ended, and writes back only that.
    static func add(toFile descriptor: Int32, bleedPoints: Double) throws(PrintError) {
        var length = 1 << 16
        while true {
            var head = Data(count: length)
            let read = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, 0) }
            guard read > 0 else { throw .unexpectedPDF("it could not be read back") }
            head.count = read
            guard let object = try pageObject(in: head) else {
                if read == length, length < headBytes {
                    length *= 4
                    continue
                }
                throw .unexpectedPDF("no page in its first \(headBytes >> 20) MiB")
            }
            let mended = try mend(head.prefix(object.end.upperBound), object, bleedPoints: bleedPoints)
            let written = mended.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            guard written == mended.count else { throw .unexpectedPDF("it could not be written back") }
            return
        }
    }

    /// The one page object: its `/Type /Page` and its `endobj`; `nil` while `head` does not
    /// hold it whole.
    private static func pageObject(in head: Data) throws(PrintError) -> (page: Range<Int>, end: Range<Int>)? {
        let pages = pageRanges(in: head)
        guard pages.count <= 1 else { throw .unexpectedPDF("\(pages.count) pages") }
        guard let page = pages.first, let end = head.range(of: Data("endobj".utf8), in: page.upperBound..<head.endIndex)
        else { return nil }
        return (page, end)
    }

    /// Each `/Type /Page` (not `/Pages`).
    private static func pageRanges(in head: Data) -> [Range<Int>] {
        ranges(of: "/Type /Page", in: head).filter { range in
            range.upperBound < head.endIndex && !isNameCharacter(head[range.upperBound])
        }
    }

    /// `head`, the start of the PDF, mended: the same length.
    static func add(to head: Data, bleedPoints: Double) throws(PrintError) -> Data {
        guard let object = try pageObject(in: head) else { throw .unexpectedPDF("no whole page") }
        return try mend(head, object, bleedPoints: bleedPoints)
    }

    /// `head` with the boxes in the place of the page's group, found at `object`.
    private static func mend(
        _ head: Data, _ object: (page: Range<Int>, end: Range<Int>), bleedPoints: Double
    ) throws(PrintError) -> Data {
        let (page, objectEnd) = object
        let dictionary = page.upperBound..<objectEnd.lowerBound
        guard let media = head.range(of: Data("/MediaBox [".utf8), in: dictionary),
            let close = head[media.upperBound..<objectEnd.lowerBound].firstIndex(of: UInt8(ascii: "]"))
        else { throw .unexpectedPDF("no MediaBox") }
        let numbers = String(decoding: head[media.upperBound..<close], as: UTF8.self)
            .split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 4 else { throw .unexpectedPDF("a MediaBox of \(numbers.count) numbers") }
        func box(_ inset: Double) -> String {
            let values = [numbers[0] + inset, numbers[1] + inset, numbers[2] - inset, numbers[3] - inset]
            return values.map { String(format: "%.2f", $0) }.joined(separator: " ")
        }
        let boxes = Array("/TrimBox [ \(box(bleedPoints)) ] /BleedBox [ \(box(0)) ]".utf8)
        guard let group = head.range(of: Data("/Group <<".utf8), in: dictionary),
            let groupEnd = head.range(of: Data(">>".utf8), in: group.upperBound..<objectEnd.lowerBound),
            groupEnd.upperBound - group.lowerBound >= boxes.count
        else { throw .unexpectedPDF("the page has no transparency group to give its place") }
        var mended = removingRepeatedXObjects(head)
        let room = groupEnd.upperBound - group.lowerBound
        mended.replaceSubrange(
            group.lowerBound..<groupEnd.upperBound,
            with: boxes + Array(repeating: UInt8(ascii: " "), count: room - boxes.count))
        return mended
    }

    /// `part` with the repeated entries of each `/XObject << … >>` resource dictionary blanked;
    /// the same bytes, not copied, when there are none.
    private static func removingRepeatedXObjects(_ part: Data) -> Data {
        var result = part
        for start in ranges(of: "/XObject <<", in: part) {
            guard let end = part.range(of: Data(">>".utf8), in: start.upperBound..<part.endIndex) else { continue }
            let tokens = String(decoding: part[start.upperBound..<end.lowerBound], as: UTF8.self).split(separator: " ")
            // Only a dictionary of `/name object generation R` entries is rewritten.
            guard tokens.count % 4 == 0, stride(from: 3, to: tokens.count, by: 4).allSatisfy({ tokens[$0] == "R" })
            else { continue }
            var seen = Set<Substring>()
            var kept: [Substring] = []
            for index in stride(from: 0, to: tokens.count, by: 4) where seen.insert(tokens[index]).inserted {
                kept += tokens[index..<index + 4]
            }
            guard kept.count < tokens.count else { continue }
            let length = end.lowerBound - start.upperBound
            var rewritten = Array((" " + kept.joined(separator: " ") + " ").utf8)
            rewritten += Array(repeating: UInt8(ascii: " "), count: max(0, length - rewritten.count))
            result.replaceSubrange(start.upperBound..<end.lowerBound, with: rewritten.prefix(length))
        }
        return result
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
    }

    /// Every place `text` occurs in `data` (memchr, then memcmp: Foundation's search is ten
    /// times slower).
    private static func ranges(of text: String, in data: Data) -> [Range<Int>] {
        let needle = Array(text.utf8)
        return data.withUnsafeBytes { raw -> [Range<Int>] in
            guard let base = raw.baseAddress, let first = needle.first else { return [] }
            var found: [Range<Int>] = []
            var offset = 0
            while raw.count - offset >= needle.count,
                let hit = memchr(base + offset, Int32(first), raw.count - offset - needle.count + 1)
            {
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(hit, needle, needle.count) == 0 {
                    found.append(data.startIndex + at..<data.startIndex + at + needle.count)
                    offset = at + needle.count
                } else {
                    offset = at + 1
                }
            }
            return found
        }
    }
}
