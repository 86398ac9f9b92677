import Testing

@testable import booktag

/// `show` wraps a book's description and its fields to the terminal by columns, keeping
/// paragraphs, in any script.
@Suite struct TextWrapTests {
    /// Descriptions as sources send them (after `Terminal.safe`): paragraphs and blank lines,
    /// runs of spaces, words longer than a line, wide scripts with no spaces, emoji.
    static let texts = [
        """
        Set on the desert planet Arrakis, Dune is the story of the boy Paul Atreides, heir to a noble family \
        tasked with ruling an inhospitable world where the only thing of value is the "spice" melange, a drug \
        capable of extending life and enhancing consciousness.

        Coveted across the known universe, melange is a prize worth killing for...

          When House Atreides is betrayed,  the destruction of Paul's family will set the boy on a journey \
        toward a destiny greater than he could ever have imagined. 
        """,
        "See https://www.goodreads.com/book/show/44767458-dune?from_search=true&from_srp=true&qid=abc&rank=1 for more.",
        "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
        "A 📚 for 🧙‍♀️ and 👨‍👩‍👧 readers — naïve café déjà vu, Ærø, Zürich.\n\n\n   \nEnd",
        "",
        "exactlytwentyletters exactlytwentyletters" + String(repeating: "x", count: 40),
    ]

    @Test(arguments: [20, 33, 60, 88])
    func linesFitAndEveryWordIsKeptInOrder(width: Int) {
        for text in Self.texts {
            for indent in ["", "            "] {
                let wrapped = TextWrap.wrap(text, width: width, indent: indent)
                let limit = max(20, width - indent.count)
                for line in wrapped.split(separator: "\n", omittingEmptySubsequences: false) {
                    #expect(DisplayWidth.of(line) <= limit + indent.count, "\(line)")
                    #expect(line.isEmpty || line.hasPrefix(indent))
                }
                #expect(
                    wrapped.split(separator: "\n", omittingEmptySubsequences: false).count
                        >= text.split(separator: "\n", omittingEmptySubsequences: false).count, "paragraphs kept")
                // Cut words come back whole when the pieces are put together again.
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined()
                let shown = wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined()
                #expect(shown == words)
            }
        }
    }

    /// The same lines as wrapping character by character, as `show` did before it split bytes.
    @Test(arguments: [20, 41, 88])
    func wrapsAsSplittingByCharacterDid(width: Int) {
        for text in Self.texts {
            #expect(TextWrap.wrap(text, width: width) == Self.byCharacter(text, width: width))
            #expect(
                TextWrap.wrap(text, width: width, indent: "    ")
                    == Self.byCharacter(text, width: width, indent: "    "))
        }
    }

    @Test func aShortFieldIsLeftAsItIs() {
        #expect(TextWrap.wrap("Frank Herbert", width: 80) == "Frank Herbert")
        #expect(TextWrap.wrap("Frank Herbert", width: 80, indent: "  ") == "  Frank Herbert")
    }

    /// The reference: lines by `Character`, words by `split(separator: " ")`.
    static func byCharacter(_ text: String, width: Int, indent: String = "") -> String {
        let limit = max(20, width - DisplayWidth.of(indent))
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var lines: [String] = []
            var current = ""
            var currentWidth = 0
            for word in line.split(separator: " ") {
                var word = String(word)
                var wordWidth = DisplayWidth.of(word)
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
