import BookTagTestSupport
import CImageCodec
import Foundation
import Testing

@testable import BookTag

/// Covers in every format and colour type the sources serve are drawn as they look: JPEG (CMYK
/// too) and PNG by booktag's own decoders, GIF and WebP through libgd. Each fixture is red on
/// its left half and blue on its right (see fixtures/README.md); the collage is decoded by libgd,
/// independently of booktag's writers, and sampled.
@Suite struct CoverDecodingTests {
    static let red = CollageTheme.RGB(0xC0, 0x30, 0x20)
    static let blue = CollageTheme.RGB(0x20, 0x40, 0xC0)
    static let white = CollageTheme.RGB(255, 255, 255)

    /// Draws the cover alone in a 200×300 cell; returns the image and the cell.
    func drawn(_ file: String, fit: CollageFit = .contain) throws -> (image: DecodedImage, frame: CollagePlan.Rect) {
        let data = try Data(contentsOf: Fixtures.covers.appendingPathComponent(file))
        let rendered = try CollageRenderer().render(
            title: nil, covers: [CollageCover(title: "tile-marker", image: data)],
            options: CollageOptions(columns: 1, fit: fit), format: .png)
        return (try DecodedImage(rendered.data), rendered.plan.cells[0].frame)
    }

    @Test(arguments: [
        "cmyk-red-blue.jpg", "palette-red-blue.png", "interlaced-16bit-red-blue.png", "red-blue.gif", "red-blue.webp",
    ])
    func everyFormatIsDrawnWithItsColours(file: String) throws {
        let (image, frame) = try drawn(file)
        // 90×135 scaled into 200×300 fills the cell exactly.
        let left = (frame.x + frame.width / 4, frame.y + frame.height / 2)
        let right = (frame.x + 3 * frame.width / 4, frame.y + frame.height / 2)
        #expect(
            image.pixel(left.0, left.1, is: Self.red, tolerance: 14), "\(file) left half: \(image.rgb(left.0, left.1))")
        #expect(
            image.pixel(right.0, right.1, is: Self.blue, tolerance: 14),
            "\(file) right half: \(image.rgb(right.0, right.1))")
    }

    @Test func transparencyIsLaidOverWhite() throws {
        let (image, frame) = try drawn("red-transparent.png")
        let y = frame.y + frame.height / 2
        #expect(image.pixel(frame.x + frame.width / 4, y, is: Self.red, tolerance: 2))
        #expect(
            image.pixel(frame.x + 3 * frame.width / 4, y, is: Self.white, tolerance: 2),
            "\(image.rgb(frame.x + 3 * frame.width / 4, y))")
    }

    /// (A truncated JPEG is drawn as far as it goes, grey below, as libjpeg and browsers do.)
    @Test(arguments: ["palette-red-blue.png", "interlaced-16bit-red-blue.png"])
    func aTruncatedPNGBecomesATileNotAFailure(file: String) throws {
        let whole = try Data(contentsOf: Fixtures.covers.appendingPathComponent(file))
        // The header still reads (so the plan keeps the cover's shape); the pixels do not.
        let broken = whole.prefix(whole.count / 3)
        let rendered = try CollageRenderer().render(
            title: nil, covers: [CollageCover(title: "Lost", image: Data(broken))], options: CollageOptions(columns: 1),
            format: .png)
        let image = try DecodedImage(rendered.data)
        let frame = rendered.plan.cells[0].frame
        #expect(
            image.pixel(frame.x + 3, frame.y + 3, is: CollageTheme.day.tile), "\(image.rgb(frame.x + 3, frame.y + 3))")
    }

    @Test func aCoverDeclaringTooManyPixelsIsNotDecoded() throws {
        // A PNG header claiming 10,000 × 10,000 pixels (over the 25-megapixel limit) and no data.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        png += Data([0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 8, 2, 0, 0, 0, 0, 0, 0, 0])
        #expect(DecodedCover(png, format: .png, atLeast: 200, 300) == nil)
    }
}

/// booktag's PNG writer deflates strips of rows on several threads and joins them into one
/// stream: for every filter and strip count, libgd (an independent decoder) reads back exactly
/// the pixels written, and so does booktag's own PNG reader.
@Suite struct PNGWriterTests {
    @Test(arguments: [1, 2, 3, 8])
    func everyFilterAndStripCountRoundTrips(strips: Int) throws {
        let width = 173
        let height = 211
        guard let canvas = CollageCanvas(width: width, height: height, background: CollageTheme.RGB(0, 0, 0)) else {
            throw CollageError.outOfMemory
        }
        var generator = SeededGenerator(seed: UInt64(strips))
        for y in 0..<height {
            for x in 0..<width {
                // Smooth areas (that filters shrink) beside noise (that they cannot).
                let noise =
                    x > width / 2
                    ? Int32.random(in: 0...0xFFFFFF, using: &generator) : Int32((x * 3) << 16 | (y * 2) << 8 | (x + y))
                canvas.set(x: x, y: y, to: noise & 0xFFFFFF)
            }
        }
        for filter in CollageRenderer.PNGFilter.allCases {
            var length = 0
            let bytes = try #require(
                booktag_png_encode(
                    canvas.bandRows, Int32(width), Int32(height), Int32(strips % 3 * 4), filter.rawValue, Int32(strips),
                    &length))
            let data = Data(bytes: bytes, count: length)
            booktag_png_free(bytes)
            let decoded = try DecodedImage(data)
            #expect(decoded.width == width && decoded.height == height)
            let mismatch = (0..<height).lazy.flatMap { y in (0..<width).lazy.map { (x: $0, y: y) } }.first { point in
                let expected = canvas.pixel(x: point.x, y: point.y)
                return !decoded.pixel(
                    point.x, point.y,
                    is: CollageTheme.RGB(Int(expected >> 16 & 0xFF), Int(expected >> 8 & 0xFF), Int(expected & 0xFF)))
            }
            #expect(mismatch == nil, "\(filter), \(strips) strips: first difference at \(String(describing: mismatch))")
            let ours = try #require(DecodedCover(data, format: .png, atLeast: width, height))
            #expect(ours.width == width && ours.height == height)
        }
    }
}

/// The JPEG a collage is written as follows the configured quality, and its Huffman tables are
/// made for the image (smaller, and still a JPEG every decoder reads).
@Suite struct JPEGWriterTests {
    @Test func qualityAndOptimisedTablesShapeTheFile() throws {
        let files = ["13100000-L.png", "13100002-L.png", "13100005-L.png", "13100007-L.png"]
        let covers = try files.map { name in
            CollageCover(
                title: name,
                image: try Data(contentsOf: Fixtures.openLibraryReplay.appendingPathComponent("covers/\(name)")))
        }
        func size(quality: Int, optimised: Bool) throws -> Int {
            var renderer = CollageRenderer()
            renderer.jpegOptimizedHuffman = optimised
            var options = CollageOptions(format: .jpeg)
            options.jpegQuality = quality
            let data = try renderer.render(title: nil, covers: covers, options: options, format: .jpeg).data
            #expect(ImageInfo(data)?.format == .jpeg)
            #expect(DecodedCover(data, format: .jpeg, atLeast: 10, 10) != nil)
            return data.count
        }
        let low = try size(quality: 40, optimised: true)
        let high = try size(quality: 95, optimised: true)
        #expect(low < high)
        #expect(try size(quality: 88, optimised: true) < (try size(quality: 88, optimised: false)))
    }
}
