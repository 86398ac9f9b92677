import CLibGD
import Foundation

/// Text in collage images: FreeType with a system font when there is one, libgd's built-in
/// (Latin-1) font otherwise.
enum TextLayout {
    /// The rendered width of `text` at `size` points.
    static func width(of text: String, size: Double) -> Int {
        guard let font = CollageRenderer.font else {
            return text.count * Int(booktag_gdFontGetLarge().pointee.w)
        }
        var box = [Int32](repeating: 0, count: 8)
        let failed = font.withCString { fontPath in
            text.withCString { string in
                booktag_gdImageStringFT(nil, &box, 0, UnsafeMutablePointer(mutating: fontPath), size, 0, 0, 0, UnsafeMutablePointer(mutating: string)) != nil
            }
        }
        return failed ? text.count * Int(size * 0.6) : Int(box[2] - box[0])
    }

    /// `text` broken into lines no wider than `width`, at most `maximumLines` (the last ends in
    /// an ellipsis when text is left over).
    static func wrap(_ text: String, width: Int, size: Double, maximumLines: Int) -> [String] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if self.width(of: candidate, size: size) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        lines = lines.map { truncate($0, width: width, size: size) }
        if lines.count > maximumLines {
            lines = Array(lines.prefix(maximumLines))
            lines[maximumLines - 1] = truncate(lines[maximumLines - 1] + "…", width: width, size: size, force: true)
        }
        return lines
    }

    private static func truncate(_ line: String, width: Int, size: Double, force: Bool = false) -> String {
        guard force || self.width(of: line, size: size) > width else { return line }
        var characters = Array(line.hasSuffix("…") ? String(line.dropLast()) : line)
        while !characters.isEmpty, self.width(of: String(characters) + "…", size: size) > width {
            characters.removeLast()
        }
        return String(characters) + "…"
    }

    /// Draws `text` with its baseline at `y`, centred in `center` pixels from `x`.
    static func draw(_ text: String, on image: gdImagePtr, x: Int, y: Int, size: Double, color: Int32, center: Int) {
        let left = x + max(0, (center - width(of: text, size: size)) / 2)
        if let font = CollageRenderer.font {
            var box = [Int32](repeating: 0, count: 8)
            let failed = font.withCString { fontPath in
                text.withCString { string in
                    booktag_gdImageStringFT(image, &box, color, UnsafeMutablePointer(mutating: fontPath), size, 0, Int32(left), Int32(y), UnsafeMutablePointer(mutating: string)) != nil
                }
            }
            if !failed { return }
        }
        // The built-in font draws Latin-1 only; anything else becomes "?".
        let latin1 = text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") } + [0]
        latin1.withUnsafeBufferPointer { buffer in
            booktag_gdImageString(image, booktag_gdFontGetLarge(), Int32(left), Int32(y - 14), UnsafeMutablePointer(mutating: buffer.baseAddress!), color)
        }
    }
}
