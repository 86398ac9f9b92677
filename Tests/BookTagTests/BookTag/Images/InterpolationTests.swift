import BookTagTestSupport
import CImageCodec
import Testing

/// booktag's bilinear interpolation mixes each source row across once and mixes pairs of rows
/// down four pixels at a time: it must give exactly what mixing each destination pixel's four
/// sources gives, at every size (tails of one to three pixels), growing or shrinking, and for a
/// band whose other rows are left out.
@Suite struct InterpolationTests {
    /// `p` and `q` mixed as (256 − f) : f on each 8-bit channel, rounded (the top byte dropped).
    static func mix(_ p: Int32, _ q: Int32, _ f: Int) -> Int32 {
        var result: Int32 = 0
        for shift in [0, 8, 16] {
            let (a, b) = (Int(p >> Int32(shift) & 0xFF), Int(q >> Int32(shift) & 0xFF))
            result |= Int32(((a * (256 - f) + b * f + 128) >> 8) << shift)
        }
        return result
    }

    /// The source position of destination `index` of `count` over `size` source pixels: the
    /// first pixel, the second and the second's weight in 256ths.
    static func position(_ index: Int, _ count: Int, _ size: Int) -> (Int, Int, Int) {
        let at = max(0, ((2 * index + 1) * size * 256) / (2 * count) - 128)
        return at >> 8 >= size - 1 ? (size - 1, size - 1, 0) : (at >> 8, at >> 8 + 1, at & 0xFF)
    }

    @Test(arguments: [(300, 450, 200, 300), (150, 225, 141, 211), (7, 5, 30, 19), (1, 1, 3, 2), (64, 9, 1, 1)])
    func everyPixelIsItsFourSourcesMixed(size: (sw: Int, sh: Int, dw: Int, dh: Int)) throws {
        var generator = SeededGenerator(seed: UInt64(size.sw * 1_000 + size.dh))
        var source = (0..<size.sh).map { _ in
            (0..<size.sw).map { _ in Int32.random(in: 0...0xFFFFFF, using: &generator) }
        }
        var rows = (0..<size.dh).map { _ in [Int32](repeating: -1, count: size.dw) }
        // The middle third of the rows only, as a band of a collage.
        let band = size.dh / 3..<max(size.dh / 3 + 1, 2 * size.dh / 3)
        let status = source.withRowPointers { sourceRows in
            rows.withRowPointers { destinationRows in
                let banded = destinationRows.enumerated().map { band.contains($0.offset) ? $0.element : nil }
                return booktag_interpolate(
                    sourceRows.map { UnsafePointer($0) }, 0, 0, Int32(size.sw), Int32(size.sh), banded, 0, 0,
                    Int32(size.dw), Int32(size.dh))
            }
        }
        #expect(status == 0)
        for y in 0..<size.dh {
            guard band.contains(y) else {
                #expect(rows[y].allSatisfy { $0 == -1 }, "row \(y), outside the band, is left alone")
                continue
            }
            let (top, bottom, down) = Self.position(y, size.dh, size.sh)
            let expected = (0..<size.dw).map { x in
                let (left, right, across) = Self.position(x, size.dw, size.sw)
                return Self.mix(
                    Self.mix(source[top][left], source[top][right], across),
                    Self.mix(source[bottom][left], source[bottom][right], across), down)
            }
            #expect(rows[y] == expected, "row \(y) of \(size.dw) × \(size.dh)")
        }
    }
}

extension Array where Element == [Int32] {
    /// The rows as the C functions take them, for the duration of `body`; what it wrote is
    /// copied back into the rows.
    fileprivate mutating func withRowPointers<R>(_ body: ([UnsafeMutablePointer<Int32>?]) -> R) -> R {
        let copies = map { row -> UnsafeMutablePointer<Int32> in
            let copy = UnsafeMutablePointer<Int32>.allocate(capacity: row.count)
            copy.initialize(from: row, count: row.count)
            return copy
        }
        defer { for copy in copies { copy.deallocate() } }
        let result = body(copies)
        for index in indices {
            self[index] = [Int32](UnsafeBufferPointer(start: copies[index], count: self[index].count))
        }
        return result
    }
}
