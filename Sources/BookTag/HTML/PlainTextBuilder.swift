/// Accumulates text with collapsed whitespace and at most one blank line between paragraphs.
struct PlainTextBuilder {
    private(set) var output = ""
    /// 0: none, 1: line break, 2: paragraph break, to be written before the next visible text.
    private var pendingBreak = 0
    private var pendingSpace = false

    mutating func append(_ text: String) {
        for character in text {
            if character.isWhitespace {
                pendingSpace = true
                continue
            }
            if !output.isEmpty {
                if pendingBreak > 0 {
                    output += pendingBreak == 1 ? "\n" : "\n\n"
                } else if pendingSpace {
                    output += " "
                }
            }
            pendingBreak = 0
            pendingSpace = false
            output.append(character)
        }
    }

    /// A `<br>` adds one break; two in a row make a paragraph break.
    mutating func lineBreak() {
        pendingBreak = min(pendingBreak + 1, 2)
    }

    mutating func lineBreak(paragraph: Bool) {
        pendingBreak = max(pendingBreak, paragraph ? 2 : 1)
    }

    var result: String { output }
}
