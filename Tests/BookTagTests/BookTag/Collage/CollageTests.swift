import BookTagTestSupport
import CLibGD
import CLibXML2
import Foundation
import Testing

@testable import BookTag

@Suite struct CollageImageTests {
    let red = CollageTheme.RGB(200, 30, 40)

    func realPNG() throws -> Data {
        try Data(contentsOf: Fixtures.replay.appendingPathComponent("covers/5100000-large.png"))
    }

    @Test(arguments: [(12, 4), (12, 3), (5, 4), (1, 4), (13, 4)])
    func naturalCellsMakeTheImageFollowColumnsAndCount(count: Int, columns: Int) throws {
        let covers = (0..<count).map { CollageCover(title: "b\($0)", image: jpegCover(colour: red)) }
        let image = try CollageRenderer().render(
            title: "fantasy", covers: covers, options: CollageOptions(columns: columns))
        let usedColumns = min(count, columns)
        let rows = (count + columns - 1) / columns
        #expect(image.plan.width == 48 + usedColumns * 200 + (usedColumns - 1) * 16)
        #expect(image.plan.height == 24 + 63 + rows * 300 + (rows - 1) * 16 + 24)
        #expect(ImageInfo(image.data) == ImageInfo(format: .png, width: image.plan.width, height: image.plan.height))
        #expect(image.plan.cells.allSatisfy { $0.frame.width == 200 && $0.frame.height == 300 })
    }

    @Test(arguments: [false, true])
    func gapsShowTheDayOrNightBackground(night: Bool) throws {
        let theme = CollageTheme.forNightMode(night)
        let covers = (0..<8).map { CollageCover(title: "b\($0)", image: jpegCover(colour: red)) }
        let rendered = try CollageRenderer().render(
            title: "t", covers: covers, options: CollageOptions(columns: 4, nightMode: night))
        let image = try DecodedImage(rendered.data)
        let first = rendered.plan.cells[0].frame
        let second = rendered.plan.cells[1].frame
        let below = rendered.plan.cells[4].frame
        #expect(image.pixel((first.maxX + second.x) / 2, first.y + 100, is: theme.background), "gap between columns")
        #expect(image.pixel(first.x + 50, (first.maxY + below.y) / 2, is: theme.background), "gap between rows")
        #expect(image.pixel(2, 2, is: theme.background), "margin")
        #expect(image.pixel(second.center.x, second.center.y, is: red, tolerance: 12), "a cover's centre is the cover")
    }

    @Test func pngAndJPEGCoversBothRender() throws {
        let covers = [
            CollageCover(title: "jpeg", image: jpegCover(colour: red)),
            CollageCover(title: "png", image: try realPNG()),
        ]
        let rendered = try CollageRenderer().render(title: "t", covers: covers, options: CollageOptions(columns: 2))
        let image = try DecodedImage(rendered.data)
        let jpegCell = rendered.plan.cells[0].frame
        let pngCell = rendered.plan.cells[1].frame
        #expect(image.pixel(jpegCell.x + 100, jpegCell.y + 150, is: red, tolerance: 12))
        // The drawn PNG's board colour (#2E4A62) at a point clear of its emblem and panel.
        #expect(image.pixel(pngCell.x + 150, pngCell.y + 270, is: CollageTheme.RGB(0x2E, 0x4A, 0x62), tolerance: 6))
    }

    @Test(arguments: [Data("<html>not an image</html>".utf8), Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), Data()])
    func aBrokenCoverBecomesATile(bytes: Data) throws {
        let covers = [
            CollageCover(title: "A Book Whose Cover Is Broken", image: bytes),
            CollageCover(title: "ok", image: jpegCover(colour: red)),
        ]
        let rendered = try CollageRenderer().render(
            title: "t", covers: covers, options: CollageOptions(columns: 2, nightMode: true))
        let image = try DecodedImage(rendered.data)
        let cell = rendered.plan.cells[0].frame
        #expect(image.pixel(cell.x + 3, cell.y + 3, is: CollageTheme.night.tile))
        // The title is drawn on the tile: some pixels in its middle band differ from the tile.
        let band = (cell.y + 100..<cell.y + 200).flatMap { y in (cell.x..<cell.x + 200).map { (x: $0, y: y) } }
        #expect(band.contains { !image.pixel($0.x, $0.y, is: CollageTheme.night.tile) })
    }

    @Test func jpegOutput() throws {
        let covers = (0..<3).map { CollageCover(title: "b\($0)", image: jpegCover(colour: red)) }
        let rendered = try CollageRenderer().render(
            title: "t", covers: covers, options: CollageOptions(), format: .jpeg)
        #expect(
            ImageInfo(rendered.data)
                == ImageInfo(format: .jpeg, width: rendered.plan.width, height: rendered.plan.height))
        let image = try DecodedImage(rendered.data)
        #expect(image.pixel(2, 2, is: CollageTheme.day.background, tolerance: 4))
        #expect(
            image.pixel(
                rendered.plan.cells[2].frame.center.x, rendered.plan.cells[2].frame.center.y, is: red, tolerance: 12))
    }
}

@Suite struct CollageNameTests {
    @Test(arguments: [
        "../x", "a/b", "../../etc/passwd", "ファンタジー 小説", String(repeating: "界", count: 100), "   fantasy  ", "!!!",
        ".hidden", "a\\b",
    ])
    func namesAreSafeFileNames(raw: String) throws {
        let name = CollageName.baseName(for: try TagName(raw))
        #expect(
            !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".") && !name.hasPrefix("-")
        )
        #expect(name.utf8.count <= 120 + 9)
    }

    @Test func simpleTagsKeepTheirNameAndOthersDoNotCollide() throws {
        #expect(CollageName.baseName(for: try TagName("Fantasy")) == "fantasy")
        let names = try ["a/b", "a b", "a-b", "a.b", "../a-b"].map { CollageName.baseName(for: try TagName($0)) }
        #expect(Set(names).count == names.count, "\(names)")
        #expect(CollageName.baseName(for: try TagName("фэнтези")) == "фэнтези")
        #expect(CollageName.baseName(for: try TagName("Index")) != "index", "index.html is the gallery's")
    }

    /// The slug keeps letters and digits, one hyphen for each run of anything else, none at either
    /// end, and at most 120 bytes (a hyphen left at the cut goes too).
    @Test func slugsOfASCIIKeys() {
        #expect(CollageName.slug(forKey: "science fiction") == ("science-fiction", true))
        #expect(CollageName.slug(forKey: "a -- b!") == ("a-b", true))
        #expect(CollageName.slug(forKey: "--x--") == ("x", true))
        #expect(CollageName.slug(forKey: "sf2026") == ("sf2026", false))
        #expect(CollageName.slug(forKey: "!!!") == ("tag", true))
        let long = String(repeating: "a", count: 119) + " b"
        #expect(CollageName.slug(forKey: long) == (String(repeating: "a", count: 119), true))
        let exact = String(repeating: "z", count: 120)
        #expect(CollageName.slug(forKey: exact) == (exact, false))
    }
}
