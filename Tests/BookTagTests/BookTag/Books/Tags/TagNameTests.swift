import Foundation
import Testing

@testable import BookTag

@Suite struct TagNameTests {
    @Test func keyIgnoresCaseWhitespaceAndNormalisation() throws {
        let names = try ["Fantasy", " fantasy ", "FANTASY", "fan\u{0074}asy"].map(TagName.init)
        #expect(Set(names.map(\.key)) == ["fantasy"])
        #expect(try TagName("  Science \t\n Fiction ").display == "Science Fiction")
        #expect(try TagName("Caf\u{00E9}").key == TagName("CAFE\u{0301}").key, "composed and decomposed é are one tag")
        #expect(try TagName("STRASSE").key == TagName("strasse").key)
    }

    @Test(arguments: ["fantasy", "ファンタジー", "фэнтези", "خيال", "../x", "a/b", "🐉 dragons", "گل‌سرخ"])
    func anyScriptAndPathLikeTextAreOrdinaryTags(raw: String) throws {
        #expect(try TagName(raw).display == raw)
    }

    /// Found by `scripts/fuzz options` (Fuzz/Regressions/options): whitespace followed by a
    /// combining mark. A tag's display name must name the same tag when typed back.
    @Test(arguments: ["42\r\u{34B}wX", "a \u{301}b", " \u{301}lead", "tab\t\u{300}\u{300} end"])
    func theDisplayNameParsesBackToTheSameTag(_ raw: String) throws {
        let tag = try TagName(raw)
        #expect(try TagName(tag.display) == tag, "\(raw.debugDescription) shows as \(tag.display.debugDescription)")
        #expect(
            !tag.display.unicodeScalars.contains { $0.properties.isWhitespace && $0 != " " },
            "\(tag.display.debugDescription)")
        #expect(!tag.display.unicodeScalars.contains { $0 == " " } || !tag.display.contains("  "))
    }

    @Test func refusals() throws {
        #expect(throws: TagNameError.empty) { try TagName("   ") }
        #expect(throws: TagNameError.controlCharacter("U+001B")) { try TagName("red\u{1B}[31m") }
        #expect(throws: TagNameError.controlCharacter("U+202E")) { try TagName("abc\u{202E}def") }
        #expect(throws: TagNameError.tooLong(101)) { try TagName(String(repeating: "x", count: 101)) }
        #expect(try TagName(String(repeating: "界", count: 100)).display.count == 100)
    }
}
