import Foundation
import Testing

@testable import BookTag

/// Text in collage images: shaped by Pango with fonts found through fontconfig. Needs the fonts
/// `scripts/system-packages` installs (DejaVu, WenQuanYi Micro Hei, Lohit Devanagari).
@Suite struct CollageTextTests {
    /// Draws `text` black on white in a box; returns the columns that have ink.
    func inkColumns(_ text: String, width: Int = 600, alignment: CollageText.Alignment = .center) throws -> (
        columns: [Int], unknown: Int
    ) {
        try CollageText.load()
        let canvas = try #require(CollageCanvas(width: width, height: 80, background: CollageTheme.RGB(255, 255, 255)))
        let unknown = CollageText.draw(
            text, in: CollagePlan.Rect(x: 0, y: 0, width: width, height: 80), pixels: 32, alignment: alignment,
            color: CollageTheme.RGB(0, 0, 0),
            on: canvas)
        let columns = (0..<width).filter { x in
            (0..<80).contains { y in canvas.pixel(x: x, y: y) & 0xFFFFFF != 0xFFFFFF }
        }
        return (columns, unknown)
    }

    @Test(arguments: ["fantasy", "фэнтези", "φαντασία", "ファンタジー小説", "奇幻", "판타지", "خيال", "פנטזיה", "काल्पनिक"])
    func everyScriptTheTestsUseIsDrawnWithRealGlyphs(text: String) throws {
        let ink = try inkColumns(text)
        #expect(ink.unknown == 0, "no font had some of \(text)'s glyphs")
        #expect(ink.columns.count > 20, "\(text) drew \(ink.columns.count) columns of ink")
        #expect(CollageText.missingCharacters(in: text).isEmpty)
    }

    @Test func rightToLeftTextStartsAtTheRight() throws {
        let hebrew = try inkColumns("פנטזיה", alignment: .start)
        let latin = try inkColumns("fantasy", alignment: .start)
        #expect(latin.columns.max()! < 300, "left to right starts at the left")
        #expect(hebrew.columns.min()! > 300, "right to left starts at the right")
    }

    @Test func arabicLettersAreJoined() throws {
        // Beh alone has a wide bowl; joined (initial, medial, final forms) it is a short tooth.
        let alone = try inkColumns("ب").columns.count
        let joined = try inkColumns("ببب").columns.count
        #expect(joined > 0 && Double(joined) < 0.8 * Double(3 * alone), "joined \(joined) vs 3 × \(alone)")
    }

    @Test func missingGlyphsNameAFontPackage() {
        #expect(MissingGlyphs(characters: ["漢", "ሰ"]).packages == ["fonts-noto-cjk", "fonts-noto-core"])
        #expect(MissingGlyphs(characters: ["한"]).packages == ["fonts-noto-cjk"])
    }
}
