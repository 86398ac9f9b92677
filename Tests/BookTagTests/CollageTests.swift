import BookTagTestSupport
import CLibGD
import CLibXML2
import Foundation
import Testing

@testable import BookTag

/// Decoded pixels of a rendered collage, for checks by size and sampled colour. libgd decodes
/// them: a decoder independent of booktag's own writers.
struct DecodedImage: CustomStringConvertible {
    let width: Int, height: Int
    let pixels: [Int32]

    init(_ data: Data) throws {
        try #require(booktag_gd_load() == 0, "libgd is needed to check collages")
        let image = try #require(
            data.withUnsafeBytes { raw -> gdImagePtr? in
                let bytes = UnsafeMutableRawPointer(mutating: raw.baseAddress!)
                return ImageInfo.format(of: data) == .jpeg
                    ? booktag_gdImageCreateFromJpegPtrEx(Int32(raw.count), bytes, 1)
                    : booktag_gdImageCreateFromPngPtr(Int32(raw.count), bytes)
            })
        defer { booktag_gdImageDestroy(image) }
        width = Int(booktag_gd_width(image))
        height = Int(booktag_gd_height(image))
        var pixels: [Int32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { pixels.append(booktag_gdImageGetTrueColorPixel(image, Int32(x), Int32(y))) }
        }
        self.pixels = pixels
    }

    var description: String { "\(width)×\(height) image" }

    func rgb(_ x: Int, _ y: Int) -> CollageTheme.RGB {
        let value = pixels[y * width + x]
        return CollageTheme.RGB(Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF))
    }

    /// Whether the pixel is within `tolerance` of `colour` on every channel (JPEG is lossy).
    func pixel(_ x: Int, _ y: Int, is colour: CollageTheme.RGB, tolerance: Int = 0) -> Bool {
        let p = rgb(x, y)
        return abs(p.red - colour.red) <= tolerance && abs(p.green - colour.green) <= tolerance
            && abs(p.blue - colour.blue) <= tolerance
    }
}

/// A solid-colour JPEG cover made with libgd.
func jpegCover(width: Int = 300, height: Int = 450, colour: CollageTheme.RGB) -> Data {
    precondition(booktag_gd_load() == 0, "libgd is needed to make test covers")
    let image = booktag_gdImageCreateTrueColor(Int32(width), Int32(height))!
    defer { booktag_gdImageDestroy(image) }
    booktag_gdImageFilledRectangle(
        image, 0, 0, Int32(width - 1), Int32(height - 1),
        booktag_gd_rgb(Int32(colour.red), Int32(colour.green), Int32(colour.blue)))
    var size: Int32 = 0
    let bytes = booktag_gdImageJpegPtr(image, &size, 90)!
    defer { booktag_gdFree(bytes) }
    return Data(bytes: bytes, count: Int(size))
}

/// A striped JPEG cover: `colours` side by side, left to right.
func stripedCover(width: Int, height: Int, colours: [CollageTheme.RGB]) -> Data {
    precondition(booktag_gd_load() == 0, "libgd is needed to make test covers")
    let image = booktag_gdImageCreateTrueColor(Int32(width), Int32(height))!
    defer { booktag_gdImageDestroy(image) }
    let stripe = width / colours.count
    for (index, colour) in colours.enumerated() {
        booktag_gdImageFilledRectangle(
            image, Int32(index * stripe), 0, Int32(index == colours.count - 1 ? width - 1 : (index + 1) * stripe - 1),
            Int32(height - 1),
            booktag_gd_rgb(Int32(colour.red), Int32(colour.green), Int32(colour.blue)))
    }
    var size: Int32 = 0
    let bytes = booktag_gdImageJpegPtr(image, &size, 95)!
    defer { booktag_gdFree(bytes) }
    return Data(bytes: bytes, count: Int(size))
}

extension CollageRenderer {
    /// A PNG with natural cells, as before sizes existed.
    func render(title: String?, covers: [CollageCover], options: CollageOptions = CollageOptions()) throws
        -> CollageImage
    {
        try render(title: title, covers: covers, options: options, format: .png)
    }
}

extension CollagePlan.Rect {
    var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
}

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
}

@Suite struct CollageMakerTests {
    static func home(with books: [GatheredBook], details: [BookDetails] = []) throws -> (TemporaryHome, BookStore) {
        let temporary = try TemporaryHome()
        let store = try BookStore.open(home: temporary.home)
        try store.createTag(
            TagName("Fantasy"), source: .goodreads, books: books,
            search: SearchPosition(totalResults: 12, pageSize: 20, startPage: 1))
        for book in details { try store.saveBook(book, cover: nil) }
        return (temporary, store)
    }

    @Test func writesIntoCollagesByDefaultAndWhereTold() throws {
        let books = (0..<12).map {
            GatheredBook(
                work: SearchWork(workID: $0, id: .goodreads(100 + $0), title: "Book \($0)"),
                cover: jpegCover(colour: CollageTheme.RGB(20 * $0, 80, 120)))
        }
        let (temporary, store) = try Self.home(with: books)
        let maker = CollageMaker(store: store)
        let png = try maker.make(tag: TagName("fantasy"), options: CollageOptions())
        #expect(png.file.path == temporary.home.collagesFolder.appendingPathComponent("fantasy.png").path)
        #expect(ImageInfo(try Data(contentsOf: png.file))?.width == 48 + 4 * 200 + 3 * 16)
        #expect(
            try store.tag(TagName("fantasy"))?.collageStyle == CollageOptions().style,
            "the store records how the tag's collage was drawn")
        let elsewhere = temporary.folder.appendingPathComponent("mine.jpg")
        let jpeg = try maker.make(
            tag: TagName("fantasy"),
            options: CollageOptions(format: .jpeg, size: try CollageSize(parsing: "square"), layout: .rows),
            output: elsewhere)
        #expect(jpeg.file == elsewhere)
        #expect(ImageInfo(try Data(contentsOf: elsewhere)) == ImageInfo(format: .jpeg, width: 1080, height: 1080))
        #expect(
            try store.tag(TagName("fantasy"))?.collageStyle == CollageOptions().style,
            "a file elsewhere is not the tag's collage")
        #expect(throws: StoreError.tagNotFound("nope")) {
            try maker.make(tag: TagName("nope"), options: CollageOptions())
        }
    }

    /// A collage's PNG is streamed into its file band by band, never held whole: what lands in
    /// the collages folder, and in a file named elsewhere, is byte for byte the image rendered in
    /// memory (60 genuine covers, some fifteen bands), in PNG and in JPEG; no hidden file is left.
    @Test(arguments: [CollageFormat.png, .jpeg])
    func aStreamedCollageIsTheImageRenderedInMemory(format: CollageFormat) throws {
        let genuine = try GenuineCovers.calibre(packageRoot: Fixtures.packageRoot)
        let books = (0..<60).map {
            GatheredBook(
                work: SearchWork(workID: $0, id: .goodreads(100 + $0), title: "Book \($0)"),
                cover: genuine[$0 % genuine.count])
        }
        let (temporary, store) = try Self.home(with: books)
        let maker = CollageMaker(store: store)
        let options = CollageOptions(format: format, columns: 5)
        let inMemory = try maker.imageData(tag: TagName("fantasy"), options: options)
        #expect(ImageInfo(inMemory)?.height ?? 0 > 3000, "tall enough for many bands")
        let collage = try maker.make(tag: TagName("fantasy"), options: options)
        #expect(try Data(contentsOf: collage.file) == inMemory)
        let elsewhere = temporary.folder.appendingPathComponent("mine.\(format.rawValue)")
        _ = try maker.make(tag: TagName("fantasy"), options: options, output: elsewhere)
        #expect(try Data(contentsOf: elsewhere) == inMemory)
        for folder in [temporary.home.collagesFolder, temporary.folder] {
            let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix(".tmp-")
            }
            #expect(hidden.isEmpty, "\(hidden)")
        }
    }

    /// Every text field carries XSS vectors; the page must still be inert.
    @Test(arguments: [false, true])
    func theHTMLPageIsInertWhateverTheAPISent(embed: Bool) throws {
        let hostile = try GoodreadsDecoder.book(from: Fixtures.data("book/book-show-xss.xml"))
        let books = (0..<3).map { index in
            GatheredBook(
                work: SearchWork(
                    workID: index, id: .goodreads(hostile.id.goodreadsNumber! + index), title: hostile.title,
                    authorName: hostile.authors.first?.name, averageRating: 4.5, originalPublicationYear: 2020),
                cover: jpegCover(colour: CollageTheme.RGB(90, 90, 90)))
        }
        let details = (0..<3).map { index -> BookDetails in
            var copy = hostile
            copy.id = .goodreads(hostile.id.goodreadsNumber! + index)
            return copy
        }
        let (temporary, store) = try Self.home(with: books, details: details)
        defer { withExtendedLifetime(temporary) {} }
        let file = try CollageMaker(store: store).make(
            tag: TagName("fantasy"), options: CollageOptions(format: .html, nightMode: true), embedImages: embed
        ).file
        let page = try String(contentsOf: file, encoding: .utf8)
        let lowered = page.lowercased()
        #expect(lowered.hasPrefix("<!doctype html>"))
        #expect(
            page.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"\(CollagePage.contentSecurityPolicy)\">"))
        #expect(!lowered.contains("<script"))
        #expect(!lowered.contains("javascript:"))
        #expect(lowered.firstMatch(of: /<[^>]*\son[a-z]+\s*=/) == nil)
        #expect(page.contains("&lt;script&gt;alert(&#39;xss-title&#39;)&lt;/script&gt; The Poisoned Well"))
        #expect(page.contains(CollageTheme.night.background.hex), "night mode gives the dark theme")
        try HTMLPageCheck.check(page, embed: embed)
    }
}

/// Parses a page with libxml2's HTML parser and checks what a browser would load or run.
enum HTMLPageCheck {
    static let elements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "main", "details", "summary", "img",
        "section", "h2", "div", "span", "br", "b", "i", "em", "strong", "a",
    ]

    static func check(_ page: String, embed: Bool) throws {
        var images = 0
        HTMLAudit.walk(page) { name, attributes, _ in
            #expect(elements.contains(name), "unexpected element <\(name)>")
            for (attributeName, text) in attributes {
                #expect(!attributeName.hasPrefix("on"), "event handler \(attributeName)")
                if attributeName == "href" {
                    #expect(text.hasPrefix("https://") || text.hasPrefix("http://"), "href \(text)")
                }
                if attributeName == "src" {
                    images += 1
                    #expect(
                        embed ? text.hasPrefix("data:image/jpeg;base64,") : text.hasPrefix("../covers/"), "src \(text)")
                }
            }
        }
        #expect(images == 3)
    }
}
