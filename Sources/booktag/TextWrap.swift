/// Wraps plain text to a width in terminal columns, keeping its paragraphs and line breaks.
enum TextWrap {
    static func wrap(_ text: String, width: Int, indent: String = "") -> String {
        let limit = max(20, width - DisplayWidth.of(indent))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var lines: [String] = []
            var current = ""
            for word in line.split(separator: " ") {
                var word = String(word)
                // A word longer than a line is cut where the line ends.
                while DisplayWidth.of(word) > limit {
                    if !current.isEmpty { lines.append(current); current = "" }
                    let head = DisplayWidth.prefix(word, width: limit)
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                }
                if current.isEmpty {
                    current = word
                } else if DisplayWidth.of(current) + 1 + DisplayWidth.of(word) <= limit {
                    current += " " + word
                } else {
                    lines.append(current)
                    current = word
                }
            }
            lines.append(current)
            return lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
