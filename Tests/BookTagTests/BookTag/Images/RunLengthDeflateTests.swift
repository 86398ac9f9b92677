import BookTagTestSupport
import CImageCodec
import Foundation
import Testing

@testable import BookTag

/// booktag deflates with its own run-length coder (the default) instead of zlib's: whatever the
/// rows, what it writes stays within DEFLATE's limits and libgd reads back the pixels written.
@Suite struct RunLengthDeflateTests {
    /// An image of 15,900 bytes (one of the coder's blocks, with the rows' filter bytes) whose
    /// symbols, the block's end among them, are as common as the first 19 Fibonacci numbers, but
    /// for two others, and no byte is beside its like: Huffman's code for them needs 18 bits,
    /// DEFLATE allows 15.
    @Test func codesStayWithinFifteenBits() throws {
        let (width, height) = (100, 53)
        // The end of the block is the first 1; byte 0 is 55 with the rows' 53 filter bytes.
        var left: [UInt8: Int] = [200: 2_505, 220: 2_504]
        var (small, large) = (1, 2)
        for value in 1...18 {
            left[small == 55 ? 0 : UInt8(value * 9)] = small == 55 ? 55 - height : small
            (small, large) = (large, small + large)
        }
        var bytes: [UInt8] = []
        while let next = left.filter({ $0.key != bytes.last && $0.value > 0 }).max(by: {
            ($0.value, $0.key) < ($1.value, $1.key)
        }) {
            bytes.append(next.key)
            left[next.key] = next.value - 1
        }
        #expect(bytes.count == width * height * 3)
        let pixels = (0..<width * height).map { (index: Int) -> Int32 in
            let (red, green, blue) = (Int32(bytes[3 * index]), Int32(bytes[3 * index + 1]), Int32(bytes[3 * index + 2]))
            return red << 16 | green << 8 | blue
        }
        try roundTrip(pixels, width: width, height: height, filter: .none, strips: 1)
    }

    /// Grey, so that every filter leaves runs far longer than the 258 bytes one length reaches.
    @Test(arguments: [(4_000, 9), (1, 1)], [CollageRenderer.PNGFilter.none, .paeth])
    func runsOfOneColourBecomeLengths(size: (width: Int, height: Int), filter: CollageRenderer.PNGFilter) throws {
        let length = try roundTrip(
            Array(repeating: 0x80_80_80, count: size.width * size.height), width: size.width, height: size.height,
            filter: filter, strips: 2)
        #expect(length < 200 + size.width * size.height / 100, "runs are lengths, not bytes")
    }

    /// Writes the pixels as a PNG and reads them back with libgd; the file's length.
    @discardableResult
    func roundTrip(_ pixels: [Int32], width: Int, height: Int, filter: CollageRenderer.PNGFilter, strips: Int)
        throws -> Int
    {
        let canvas = try #require(CollageCanvas(width: width, height: height, background: CollageTheme.RGB(0, 0, 0)))
        for (index, pixel) in pixels.enumerated() { canvas.set(x: index % width, y: index / width, to: pixel) }
        var length = 0
        let bytes = try #require(
            booktag_png_encode(
                canvas.bandRows, Int32(width), Int32(height), 1, filter.rawValue, 1, Int32(strips), &length))
        let data = Data(bytes: bytes, count: length)
        booktag_png_free(bytes)
        let decoded = try DecodedImage(data)
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.pixels.map { $0 & 0xFFFFFF } == pixels, "\(filter): the pixels read back")
        return length
    }
}
