import Testing

@testable import booktag

/// `list` and `books` cut cells to the terminal: paths in the middle, other text at the end, by
/// terminal columns whatever the script.
@Suite struct TextTableTests {
    @Test func aPathKeepsItsStartAndItsFileName() {
        let path = "/home/reader/.local/share/booktag/collages/science-fiction-3c32ded1.png"
        let table = TextTable(headers: ["TAG", "COLLAGE"], rows: [["sf", path]], flexibleColumns: [1])
        let line = table.render(width: 50).split(separator: "\n")[1]
        #expect(DisplayWidth.of(line) == 50)
        let cell = String(line.dropFirst(5))  // "sf" under "TAG", then two spaces
        #expect(cell.hasPrefix("/home/reader/.local/"))
        #expect(cell.hasSuffix("-3c32ded1.png"))
        #expect(cell.contains("…"))
        #expect(path.hasPrefix(cell.prefix { $0 != "…" }))
        #expect(path.hasSuffix(cell.drop { $0 != "…" }.dropFirst()))
    }

    @Test func wideAndCombiningTextIsCutByColumns() {
        // Each CJK character takes two columns; "é" written as e + a combining accent takes one.
        let rows = [["百年孤独百年孤独百年孤独百年孤独", "/a/b/c/d/e/f/g/h/i/j/k/百年孤独百年孤独.png"], ["Les Misérables", "x"]]
        let table = TextTable(headers: ["TITLE", "COVER"], rows: rows, flexibleColumns: [1, 0])
        for width in [26, 30, 41] {
            let lines = table.render(width: width).split(separator: "\n")
            for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        }
        #expect(DisplayWidth.suffix("孤独.png", width: 7) == "独.png")
        #expect(DisplayWidth.suffix("孤独.png", width: 5) == ".png")
        #expect(DisplayWidth.prefix("Les Mise\u{301}rables", width: 9) == "Les Mise\u{301}r")
        #expect(DisplayWidth.suffix("Les Mise\u{301}rables", width: 7) == "\u{65}\u{301}rables")
        #expect(DisplayWidth.suffix("abc", width: 0) == "" && DisplayWidth.prefix("abc", width: -1) == "")
    }

    /// A cell is measured byte by byte only when every byte is printable ASCII, space to tilde,
    /// whether the text is a string or a slice of one.
    @Test func printableASCIIIsSpaceToTilde() {
        for value in 0..<0x100 {
            let text = "a" + String(Unicode.Scalar(UInt8(value))) + "b"
            let printable = (0x20...0x7E).contains(value)
            #expect(DisplayWidth.isPrintableASCII(text) == printable, "\(value)")
            #expect(DisplayWidth.isPrintableASCII(text.dropFirst()) == printable, "\(value)")
            #expect(Terminal.safe(text) == text || !printable)
        }
        #expect(DisplayWidth.isPrintableASCII(""))
        #expect(DisplayWidth.isPrintableASCII(String(repeating: "tag 00001 /home/x.png ", count: 40)))
        #expect(!DisplayWidth.isPrintableASCII(String(repeating: "a", count: 300) + "é"))
    }
}
