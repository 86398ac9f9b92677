/// Wraps plain text to a width in terminal columns, keeping its paragraphs and line breaks.
///
/// Lines and words are split at their bytes (`\n`, space), not by walking characters: a book's
/// description runs to thousands of characters, and splitting it grapheme by grapheme was most
/// of what `show` does after opening the store. The one difference from splitting by character:
/// a combining mark right after a space (nothing to sit on) begins the next word.
enum TextWrap {
    static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        let limit = max(20, width - DisplayWidth.of(indent))
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / limit * (indent.utf8.count + 1))
        for (number, line) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .enumerated()
        {
            if number > 0 { output.append("\n") }
            append(Substring(line), wrappedTo: limit, indent: indent, to: &output)
        }
        return output
    }

    /// One line of the text as lines of at most `limit` columns, each but the empty indented.
    private static func append(_ line: Substring, wrappedTo limit: Int, indent: String, to output: inout String) {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for bytes in line.utf8.split(separator: UInt8(ascii: " ")) {
            var word = Substring(bytes)
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
