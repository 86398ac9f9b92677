import CImageCodec
import Foundation
import Testing

@testable import BookTag

/// A PNG averaged as it is read (`booktag_png_decode_reduced`, what a collage draws a PNG shrunk
/// by two or more from) has exactly the pixels of the whole image decoded and then averaged, on
/// the genuine covers of the recordings and on every colour type the fixtures hold (palette,
/// transparency, 16-bit interlaced: the last decoded whole, then averaged).
@Suite struct PNGReducerTests {
    typealias Part = (x: Int, y: Int, width: Int, height: Int)

    static let files: [URL] = {
        let special = ["palette-red-blue.png", "interlaced-16bit-red-blue.png", "red-transparent.png"].map {
            Fixtures.covers.appendingPathComponent($0)
        }
        let recorded =
            (try? FileManager.default.contentsOfDirectory(
                at: Fixtures.replay.appendingPathComponent("covers"), includingPropertiesForKeys: nil)) ?? []
        return special + recorded.filter { $0.pathExtension == "png" }.sorted { $0.path < $1.path }.prefix(6)
    }()

    static func rows(_ pixels: booktag_pixels) -> [[Int32]] {
        (0..<Int(pixels.height)).map { y in
            Array(UnsafeBufferPointer(start: pixels.rows[y], count: Int(pixels.width)))
        }
    }

    /// The whole cover, a centred crop (as a filling cover is cut) and an odd corner, each
    /// averaged by several factors, one of which leaves a remainder of rows and columns.
    static func parts(width: Int, height: Int) -> [(Part, Int)] {
        let crop: Part = (width / 6, height / 5, width - width / 3, height - 2 * (height / 5))
        let corner: Part = (1, 3, width / 2 + 1, height / 2 - 1)
        return [((0, 0, width, height), 2), ((0, 0, width, height), 3), (crop, 2), (crop, 5), (corner, 4)]
    }

    @Test(arguments: files)
    func averagingWhileReadingEqualsDecodingWhole(file: URL) throws {
        let data = try Data(contentsOf: file)
        try #require(!Self.files.isEmpty)
        var whole = booktag_pixels()
        let decoded = data.withUnsafeBytes {
            booktag_png_decode($0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, 1 << 24, &whole)
        }
        try #require(decoded == 0, "\(file.lastPathComponent) decodes")
        defer { booktag_pixels_free(&whole) }
        for (part, factor) in Self.parts(width: Int(whole.width), height: Int(whole.height)) {
            var expected = booktag_pixels()
            let rows = UnsafeRawPointer(whole.rows!).assumingMemoryBound(to: UnsafePointer<Int32>?.self)
            try #require(
                booktag_box_reduce(
                    rows, Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height), Int32(factor), &expected)
                    == 0)
            defer { booktag_pixels_free(&expected) }
            var reduced = booktag_pixels()
            let status = data.withUnsafeBytes {
                booktag_png_decode_reduced(
                    $0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, 1 << 24, Int32(part.x),
                    Int32(part.y), Int32(part.width), Int32(part.height), Int32(factor), &reduced)
            }
            try #require(status == 0, "\(file.lastPathComponent) \(part) by \(factor)")
            defer { booktag_pixels_free(&reduced) }
            #expect(reduced.width == Int32(part.width / factor) && reduced.height == Int32(part.height / factor))
            #expect(Self.rows(reduced) == Self.rows(expected), "\(file.lastPathComponent) \(part) by \(factor)")
        }
    }

    @Test func aPartOutsideTheImageOrTooManyPixelsIsRefused() throws {
        let data = try Data(contentsOf: Fixtures.covers.appendingPathComponent("palette-red-blue.png"))  // 90 × 135
        func reduce(_ part: Part, factor: Int = 2, maximum: Int = 1 << 24) -> Int32 {
            var pixels = booktag_pixels()
            let status = data.withUnsafeBytes {
                booktag_png_decode_reduced(
                    $0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, maximum, Int32(part.x),
                    Int32(part.y), Int32(part.width), Int32(part.height), Int32(factor), &pixels)
            }
            if status == 0 { booktag_pixels_free(&pixels) }
            return status
        }
        #expect(reduce((0, 0, 90, 135)) == 0)
        #expect(reduce((1, 0, 90, 135)) == -1)
        #expect(reduce((0, 0, 90, 136)) == -1)
        #expect(reduce((-1, 0, 10, 10)) == -1)
        #expect(reduce((0, 0, 1, 135)) == -1, "less than one box wide")
        #expect(reduce((0, 0, 90, 135), maximum: 90 * 135 - 1) == -1)
        #expect(reduce((0, 0, 90, 135), factor: 0) == -1)
    }

    @Test func aTruncatedPNGIsRefusedNotHalfDrawn() throws {
        let data = try Data(contentsOf: Fixtures.replay.appendingPathComponent("covers/5100014-large.png"))
        var pixels = booktag_pixels()
        let broken = Data(data.prefix(data.count / 2))
        let status = broken.withUnsafeBytes {
            booktag_png_decode_reduced(
                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, 1 << 24, 0, 0, 300, 450, 3, &pixels)
        }
        #expect(status == -1)
    }
}
