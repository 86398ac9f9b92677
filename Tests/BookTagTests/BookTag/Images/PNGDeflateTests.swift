import BookTagTestSupport
import CImageCodec
import Foundation
import Testing

@testable import BookTag

/// booktag's PNG writer deflates each strip of rows by its own call and joins the streams into
/// one: the run-length coder's end ready to join, libdeflate's are walked to their end
/// (DeflateJoin.c). Whatever kinds of block were chosen (stored for noise, fixed codes for a few
/// bytes, dynamic codes, many blocks in a long strip), the joined stream reads back as the pixels
/// written, by libgd.
@Suite struct PNGDeflateTests {
    /// Noise (stored blocks), one colour (long matches) and a gradient (dynamic codes), in strips
    /// of one row to a few hundred: the run-length coder, and libdeflate's stored level, its
    /// fastest, its level 2 and its slowest.
    @Test(arguments: [Int32(BOOKTAG_PNG_RUN_LENGTH), 0, 1, 2, 12], [1, 3, 8])
    func everyKindOfBlockJoins(level: Int32, strips: Int) throws {
        let (width, height) = (397, 641)
        var generator = SeededGenerator(seed: UInt64(level + 1) * 10 + UInt64(strips))
        let pixels = (0..<width * height).map { (index: Int) -> Int32 in
            let (x, y) = (index % width, index / width)
            switch y / 40 % 3 {
            case 0: return Int32.random(in: 0...0xFFFFFF, using: &generator)
            case 1: return 0x80_60_40
            default: return Int32((x & 0xFF) << 16 | (y & 0xFF) << 8 | (x + y) & 0xFF)
            }
        }
        try roundTrip(pixels, width: width, height: height, level: level, filter: .paeth, strips: strips)
        // Strips of a single row: tiny streams, which libdeflate gives fixed codes.
        try roundTrip(Array(pixels.prefix(width * 8)), width: width, height: 8, level: level, filter: .sub, strips: 8)
    }

    /// Grey, so that every filter leaves runs far longer than the 258 bytes one length reaches.
    @Test(arguments: [(4_000, 9), (1, 1)], [CollageRenderer.PNGFilter.none, .paeth])
    func runsOfOneColourBecomeLengths(size: (width: Int, height: Int), filter: CollageRenderer.PNGFilter) throws {
        let length = try roundTrip(
            Array(repeating: 0x80_80_80, count: size.width * size.height), width: size.width, height: size.height,
            level: CollageRenderer().pngCompression.level, filter: filter, strips: 2)
        #expect(length < 200 + size.width * size.height / 100, "runs are lengths, not bytes")
    }

    /// Writes the pixels as a PNG and reads them back with libgd; the file's length.
    @discardableResult
    func roundTrip(
        _ pixels: [Int32], width: Int, height: Int, level: Int32, filter: CollageRenderer.PNGFilter, strips: Int
    )
        throws -> Int
    {
        let canvas = try #require(CollageCanvas(width: width, height: height, background: CollageTheme.RGB(0, 0, 0)))
        for (index, pixel) in pixels.enumerated() { canvas.set(x: index % width, y: index / width, to: pixel) }
        var length = 0
        let bytes = try #require(
            booktag_png_encode(
                canvas.bandRows, Int32(width), Int32(height), level, filter.rawValue, Int32(strips), &length))
        let data = Data(bytes: bytes, count: length)
        booktag_png_free(bytes)
        let decoded = try DecodedImage(data)
        #expect(decoded.width == width && decoded.height == height)
        #expect(
            decoded.pixels.map { $0 & 0xFFFFFF } == pixels,
            "level \(level), \(filter), \(strips) strips: the pixels read back")
        return length
    }
}
