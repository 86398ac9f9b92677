import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Covers a PDF must not pass on as they are (CMYK, progressive), a cover placed twice, one
/// missing on disk, and the page-box pass on what is not cairo's PDF.
@Suite struct PrintRendererTests {
    static let calibre = Fixtures.packageRoot.appendingPathComponent(
        GenuineCovers.calibreLibrary + "/John Schember/Quick Start Guide (1)/cover.jpg")

    static func cover(_ url: URL) -> CollageCover {
        CollageCover(title: url.lastPathComponent, author: nil, year: nil, rating: nil, source: .file(url))
    }

    @Test func onlyBaselineRGBJPEGsKeepTheirBytesAndACoverTwiceIsStoredOnce() throws {
        let covers = [
            Self.cover(Self.calibre),
            Self.cover(Fixtures.covers.appendingPathComponent("cmyk-red-blue.jpg")),
            Self.cover(Fixtures.covers.appendingPathComponent("progressive-quick-start-guide.jpg")),
            Self.cover(Fixtures.covers.appendingPathComponent("no-such-cover.jpg")),
            Self.cover(Self.calibre),
            Self.cover(Fixtures.covers.appendingPathComponent("palette-red-blue.png")),
        ]
        let print = try PrintOptions(paper: try #require(PrintPaper(named: "a4")))
        let home = try TemporaryHome()
        let file = home.folder.appendingPathComponent("mixed.pdf")
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let printed = try PrintRenderer().render(
            title: "mixed", covers: covers, options: CollageOptions(), print: print, credit: nil, stats: nil,
            to: descriptor)
        #expect(try PDFTools.run("qpdf", ["--check", file.path]).status == 0)

        let images = try PDFTools.images(file)
        // The missing cover is a tile, not an image; the others in order.
        #expect(images.map(\.encoding) == ["jpeg", "image", "image", "jpeg", "image"], "\(images)")
        #expect(images[0].object == images[3].object, "the same file is one image object")
        #expect(Set(images.map(\.object)).count == 4)
        #expect(images[1].color == "rgb" && images[1].width == 90 && images[1].height == 135, "CMYK decoded to RGB")
        #expect(images[2].width == 600 && images[2].height == 800, "the progressive cover at its full size")
        #expect(printed.sharpness.pixelsPerInch == images.map(\.xPPI))
    }

    @Test func framesAreReadAsPDFReadersWouldTakeThem() throws {
        let baseline = try #require(JPEGFrame(try Data(contentsOf: Self.calibre)))
        #expect(baseline.embedsAsIs && baseline.width == 600 && baseline.height == 800)
        let progressive = try #require(
            JPEGFrame(try Data(contentsOf: Fixtures.covers.appendingPathComponent("progressive-quick-start-guide.jpg")))
        )
        #expect(!progressive.isBaseline && !progressive.embedsAsIs && progressive.width == 600)
        let cmyk = try #require(
            JPEGFrame(try Data(contentsOf: Fixtures.covers.appendingPathComponent("cmyk-red-blue.jpg"))))
        #expect(cmyk.components == 4 && !cmyk.embedsAsIs)
        let cut = try Data(contentsOf: Self.calibre).dropLast(1_000)
        let truncated = try #require(JPEGFrame(Data(cut)))
        #expect(truncated.isBaseline && !truncated.isComplete && !truncated.embedsAsIs, "a cut download is decoded")
        #expect(JPEGFrame(Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])) == nil)
        #expect(JPEGFrame(Data("not a jpeg".utf8)) == nil)
    }

    @Test func pageBoxesTakeTheGroupsPlaceAndRefuseWhatIsNotAOnePagePDF() throws {
        let page = "%PDF-1.4\n2 0 obj\n<< /Type /Page\n   /MediaBox [ 0 0 600 800 ]\n"
        let group =
            "   /Group <<\n      /Type /Group\n      /S /Transparency\n      /I true\n      /CS /DeviceRGB\n   >>\n"
        let original = Data((page + group + ">>\nendobj\n").utf8)
        let mended = try PDFPageBoxes.add(to: original, bleedPoints: 10)
        #expect(mended.count == original.count, "no byte moves")
        let text = String(decoding: mended, as: UTF8.self)
        #expect(text.contains("/TrimBox [ 10.00 10.00 590.00 790.00 ] /BleedBox [ 0.00 0.00 600.00 800.00 ]"))
        #expect(!text.contains("/Group"))
        #expect(throws: PrintError.self) { try PDFPageBoxes.add(to: Data("%PDF-1.4\n%%EOF".utf8), bleedPoints: 8.5) }
        let twoPages = Data("%PDF-1.4\n<< /Type /Page /MediaBox [ 0 0 1 1 ] >>\n<< /Type /Page >>\n".utf8)
        #expect(throws: PrintError.unexpectedPDF("2 pages")) { try PDFPageBoxes.add(to: twoPages, bleedPoints: 8.5) }
        let noGroup = Data((page + ">>\nendobj\n").utf8)
        #expect(throws: PrintError.self) { try PDFPageBoxes.add(to: noGroup, bleedPoints: 8.5) }
    }

    @Test(arguments: ["a4", "A2", "50x70cm", "24X36IN", "60×90cm"])
    func papersAreKnownByTheirNames(name: String) {
        #expect(PrintPaper(named: name) != nil)
    }

    @Test func aBleedOutsideWhatShopsAskForIsRefused() throws {
        let a4 = try #require(PrintPaper(named: "a4"))
        for bleed in [-1, 26, .nan, .infinity] {
            #expect(throws: PrintError.self) {
                try PrintOptions(paper: a4, bleedMillimetres: bleed)
            }
        }
        #expect(try PrintOptions(paper: a4, bleedMillimetres: 0).pageUnits == (2480, 3508))
    }
}
