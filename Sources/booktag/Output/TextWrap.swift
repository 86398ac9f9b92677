/// Wraps plain text to a width in terminal columns, keeping its paragraphs and line breaks.
///
/// Lines and words are found by scanning the text's bytes for `\n` and space, not by walking
/// characters: a book's description runs to thousands of characters (a book in 1,000 tags has a
/// 12 KB line of them), and splitting it grapheme by grapheme was most of what `show` did after
/// opening the store. The one difference from splitting by character: a combining mark right
/// after a space (nothing to sit on) begins the next word.
enum TextWrap {
    static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        let limit = max(20, width - DisplayWidth.of(indent))
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / limit * (indent.utf8.count + 1))
        let utf8 = text.utf8
        var storage = text
        storage.withUTF8 { bytes in
            // Words are sliced from `text` by byte offset: O(1) on a native string.
            func slice(_ start: Int, _ end: Int) -> Substring {
                Substring(
                    utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
            }
            var lineStart = 0
            while true {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var words: [Substring] = []
                var position = lineStart
                while position < lineEnd {
                    if bytes[position] == UInt8(ascii: " ") {
                        position += 1
                        continue
                    }
                    var end = position
                    while end < lineEnd, bytes[end] != UInt8(ascii: " ") { end += 1 }
                    words.append(slice(position, end))
                    position = end
                }
                append(words, wrappedTo: limit, indent: indent, to: &output)
                guard lineEnd < bytes.count else { break }
                output.append("\n")
                lineStart = lineEnd + 1
            }
        }
        return output
    }

    /// One line's words as lines of at most `limit` columns, each but the empty indented.
    private static func append(_ words: [Substring], wrappedTo limit: Int, indent: String, to output: inout String) {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for var word in words {
            var wordWidth = DisplayWidth.of(word)
            // A word longer than a line is cut where the line ends.
            while wordWidth > limit {
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                let head = DisplayWidth.prefix(word, width: limit)
                lines.append(head)
                word = word.dropFirst(head.count)
                wordWidth = DisplayWidth.of(word)
            }
            if current.isEmpty {
                current = String(word)
                currentWidth = wordWidth
            } else if currentWidth + 1 + wordWidth <= limit {
                current.append(" ")
                current.append(contentsOf: word)
                currentWidth += 1 + wordWidth
            } else {
                lines.append(current)
                current = String(word)
                currentWidth = wordWidth
            }
        }
        lines.append(current)
        for (number, wrapped) in lines.enumerated() {
            if number > 0 { output.append("\n") }
            if !wrapped.isEmpty {
                output.append(indent)
                output.append(wrapped)
            }
        }
    }
}
