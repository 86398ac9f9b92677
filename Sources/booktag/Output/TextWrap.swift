/// Wraps plain text to a width in terminal columns, keeping its paragraphs and line breaks.
enum TextWrap {
    static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        let limit = max(20, width - DisplayWidth.of(indent))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var lines: [String] = []
            var current = ""
            var currentWidth = 0
            for word in line.split(separator: " ") {
                var word = String(word)
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
                    word = String(word.dropFirst(head.count))
                    wordWidth = DisplayWidth.of(word)
                }
                if current.isEmpty {
                    current = word
                    currentWidth = wordWidth
                } else if currentWidth + 1 + wordWidth <= limit {
                    current += " " + word
                    currentWidth += 1 + wordWidth
                } else {
                    lines.append(current)
                    current = word
                    currentWidth = wordWidth
                }
            }
            lines.append(current)
            return lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
