import BookTagTestSupport
import CImageCodec
import Foundation
import Testing

@testable import BookTag

/// A tall collage is drawn and written in bands of rows (`CollageRenderer.bandBytes`), so that
/// its canvas costs a band's memory, not the image's. Whatever the bands (cut between rows of
/// covers, or through covers, labels and the title), the image is the one a single canvas gives:
/// the same pixels in PNG, the same bytes in JPEG. A cover that bands cut is decoded once and
/// copied into each band (`SpanningCovers`).
@Suite struct CollageBandTests {
    /// The genuine covers of the Calibre library in fixtures, cycled to `count`, with a broken
    /// one (drawn as a tile with its title) among them.
    static func covers(_ count: Int) throws -> [CollageCover] {
        let images = try GenuineCovers.calibre(packageRoot: Fixtures.packageRoot)
        try #require(images.count >= 5)
        return (0..<count).map { index in
            CollageCover(
                title: "Book \(index): a title long enough to wrap", author: "Author \(index)", year: 1990 + index,
                rating: 3.9,
                image: index == 7 ? Data("not an image".utf8) : images[index % images.count])
        }
    }

    static let options = CollageOptions(columns: 5, labels: [.title, .year, .rating])

    @Test(arguments: [1 << 16, 300_000, 1 << 20])
    func bandsDrawTheImageOneCanvasDraws(bandBytes: Int) throws {
        let covers = try Self.covers(60)
        var whole = CollageRenderer()
        whole.bandBytes = .max
        var banded = CollageRenderer()
        banded.bandBytes = bandBytes
        banded.wholeImageBytes = 0
        let one = try whole.render(title: "a year in books", covers: covers, options: Self.options, format: .png)
        let bands = CollageRenderer.bands(of: one.plan, rows: bandBytes / (4 * one.plan.width))
        #expect(bands.count > 2, "the collage is drawn in several bands")
        let png = try banded.render(title: "a year in books", covers: covers, options: Self.options, format: .png)
        let (expected, drawn) = (try DecodedImage(one.data), try DecodedImage(png.data))
        #expect(drawn.width == expected.width && drawn.height == expected.height)
        let different = expected.pixels.indices.first { expected.pixels[$0] != drawn.pixels[$0] }
        #expect(
            different == nil, "first different pixel at row \((different ?? 0) / expected.width) of \(expected.height)")
        let jpegOne = try whole.render(title: "a year in books", covers: covers, options: Self.options, format: .jpeg)
        let jpegBanded = try banded.render(
            title: "a year in books", covers: covers, options: Self.options, format: .jpeg)
        // Compared whole, not through #expect's collection diff (quadratic on megabytes).
        let sameJPEG = jpegOne.data == jpegBanded.data
        #expect(sameJPEG, "JPEG of \(jpegOne.data.count) bytes at once, \(jpegBanded.data.count) in bands")
    }

    /// Stored covers are drawn from their files, each read as it is measured and drawn (so a
    /// collage holds a few at a time): the image is the one their bytes give, across bands, and a
    /// file gone draws the tile its broken bytes draw.
    @Test func coversReadFromTheirFilesDrawTheImageTheirBytesDraw() throws {
        let covers = try Self.covers(30)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-cover-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromFiles = try covers.enumerated().map { index, cover in
            var fromFile = cover
            let file = folder.appendingPathComponent("\(index).jpg")
            // Cover 7 is broken bytes: its file is left out, and both draw the tile.
            if index != 7 { try #require(cover.image).write(to: file) }
            fromFile.source = .file(file)
            return fromFile
        }
        var renderer = CollageRenderer()
        renderer.bandBytes = 300_000
        renderer.wholeImageBytes = 0
        let bytes = try renderer.render(title: "from bytes", covers: covers, options: Self.options, format: .png)
        let files = try renderer.render(title: "from bytes", covers: fromFiles, options: Self.options, format: .png)
        #expect(CollageRenderer.bands(of: files.plan, rows: renderer.bandBytes / (4 * files.plan.width)).count > 2)
        #expect(
            files.plan.cells.map(\.frame) == bytes.plan.cells.map(\.frame), "the covers are measured from their files")
        let (expected, drawn) = (try DecodedImage(bytes.data), try DecodedImage(files.data))
        let same = expected.width == drawn.width && expected.pixels == drawn.pixels
        #expect(same, "the covers are drawn from their files")
        #expect(files.timings.reading > .zero)
    }

    @Test func bandsEndBetweenRowsOfCoversWhereOneFits() throws {
        let plan = try CollageRenderer().render(
            title: "t", covers: try Self.covers(40), options: Self.options, format: .png
        ).plan
        let rowHeight = plan.cells[5].frame.y - plan.cells[0].frame.y
        for rows in [1, 17, rowHeight - 1, rowHeight, rowHeight * 2 + 5, plan.height] {
            let bands = CollageRenderer.bands(of: plan, rows: rows)
            #expect(bands.first?.lowerBound == 0 && bands.last?.upperBound == plan.height)
            #expect(
                zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }
                    && bands.allSatisfy { !$0.isEmpty && $0.count <= rows })
            guard rows >= rowHeight else { continue }
            let cut = bands.dropLast().map(\.upperBound).filter { y in
                plan.cells.contains { $0.frame.y < y && y < $0.frame.maxY }
            }
            #expect(cut.isEmpty, "with bands of \(rows) rows no cover is cut")
        }
    }

    /// booktag's PNG writer takes the rows in bands of any height, with any row filter or
    /// libpng's choice among them; the file reads back as the pixels. Each band's rows are the
    /// caller's again once it is handed over (its strips may still be deflating): drawing over
    /// them then changes nothing in the file.
    @Test(arguments: [[211], [1, 1, 209], [7, 64, 139, 1], [100, 111]], CollageRenderer.PNGFilter.allCases)
    func thePNGWriterTakesRowsInBands(heights: [Int], filter: CollageRenderer.PNGFilter) throws {
        let width = 173
        let height = heights.reduce(0, +)
        let canvas = try #require(CollageCanvas(width: width, height: height, background: CollageTheme.RGB(0, 0, 0)))
        var generator = SeededGenerator(seed: UInt64(heights.count))
        for y in 0..<height {
            for x in 0..<width {
                canvas.set(
                    x: x, y: y,
                    to: (x > width / 2
                        ? Int32.random(in: 0...0xFFFFFF, using: &generator)
                        : Int32((x * 3) << 16 | (y * 2) << 8 | (x + y))) & 0xFFFFFF)
            }
        }
        let expected = (0..<height).flatMap { y in (0..<width).map { x in canvas.pixel(x: x, y: y) } }
        // The run-length coder, whose strips end ready to join, and libdeflate's levels 3, 9, 12
        // and 6, whose strips are joined by a walk (DeflateJoin.c).
        for coder in [CollageRenderer.PNGCompression.runLength, .libdeflate(level: Int32(heights.count * 3 % 13))] {
            let drawn = try #require(
                CollageCanvas(width: width, height: height, background: CollageTheme.RGB(0, 0, 0)))
            for (index, pixel) in expected.enumerated() { drawn.set(x: index % width, y: index / width, to: pixel) }
            let writer = try #require(
                booktag_png_begin(Int32(width), Int32(height), coder.level, filter.rawValue, 0))
            var top = 0
            for rows in heights {
                #expect(booktag_png_append(writer, drawn.bandRows + top, Int32(rows)) == 0)
                drawn.fill(
                    CollagePlan.Rect(x: 0, y: top, width: width, height: rows), color: CollageTheme.RGB(9, 8, 7))
                top += rows
            }
            var length = 0
            let bytes = try #require(booktag_png_finish(writer, &length))
            let decoded = try DecodedImage(Data(bytes: bytes, count: length))
            booktag_png_free(bytes)
            #expect(decoded.width == width && decoded.height == height)
            let same = decoded.pixels.map { $0 & 0xFFFFFF } == expected
            #expect(same, "the pixels read back are those written (\(coder))")
        }
    }

    /// A collage that fails between bands abandons its writer with strips still deflating: the
    /// writer's threads finish or drop them, and it is released without waiting on rows it no
    /// longer has.
    @Test func aWriterAbandonedBetweenBandsLetsGo() throws {
        let canvas = try #require(CollageCanvas(width: 1500, height: 400, background: CollageTheme.RGB(1, 2, 3)))
        var generator = SeededGenerator(seed: 7)
        for y in 0..<400 {
            for x in 0..<1500 { canvas.set(x: x, y: y, to: Int32.random(in: 0...0xFFFFFF, using: &generator)) }
        }
        for bands in 1...3 {
            let png = try #require(booktag_png_begin(1500, 400, 2, 0x80, 4))
            for band in 0..<bands {
                #expect(booktag_png_append(png, canvas.bandRows + band * 100, 100) == 0)
            }
            booktag_png_abandon(png)
        }
    }

    @Test func aWriterRefusesRowsBeyondTheImage() throws {
        let canvas = try #require(CollageCanvas(width: 10, height: 10, background: CollageTheme.RGB(1, 2, 3)))
        let png = try #require(booktag_png_begin(10, 5, 1, 0x20, 0))
        #expect(booktag_png_append(png, canvas.bandRows, 6) == -1)
        var length = 0
        #expect(booktag_png_finish(png, &length) == nil)
        let jpeg = try #require(booktag_jpeg_begin(10, 5, 80, 0, 1))
        #expect(booktag_jpeg_append(jpeg, canvas.bandRows, 4) == 0)
        #expect(booktag_jpeg_finish(jpeg, &length) == nil, "a JPEG missing a row is not finished")
    }
}
