import Foundation

/// The pixels of a collage while it is drawn: one block of `0x00RRGGBB` ints, row after row,
/// with a table of row pointers for the C codecs (`booktag_scale`, the PNG and JPEG writers).
///
/// A canvas is a buffer: booktag decodes, scales and encodes itself, so it needs no imaging
/// library to hold one (libgd's ~45 shared libraries cost a collage process more start-up than
/// drawing twelve covers). Concurrent jobs may write disjoint areas of one canvas.
final class CollageCanvas: @unchecked Sendable {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<Int32>
    /// `rows[y]` points at row `y` of `pixels`.
    let rows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>

    /// `nil` when the memory cannot be had (sizes were checked against `CollageSize`'s limits
    /// before this is asked for).
    init?(width: Int, height: Int, background: CollageTheme.RGB) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
            let raw = malloc(MemoryLayout<Int32>.stride * width * height),
            let table = malloc(MemoryLayout<UnsafeMutablePointer<Int32>?>.stride * height)
        else { return nil }
        self.width = width
        self.height = height
        pixels = raw.bindMemory(to: Int32.self, capacity: width * height)
        rows = table.bindMemory(to: UnsafeMutablePointer<Int32>?.self, capacity: height)
        for y in 0..<height { rows[y] = pixels + y * width }
        pixels.initialize(repeating: Self.value(background), count: width * height)
    }

    deinit {
        free(rows)
        free(pixels)
    }

    static func value(_ color: CollageTheme.RGB) -> Int32 {
        Int32(truncatingIfNeeded: color.red << 16 | color.green << 8 | color.blue)
    }

    /// Fills `rect`, clipped to the canvas.
    func fill(_ rect: CollagePlan.Rect, color: CollageTheme.RGB) {
        let left = max(0, rect.x), right = min(width, rect.maxX)
        let top = max(0, rect.y), bottom = min(height, rect.maxY)
        guard left < right, top < bottom else { return }
        let value = Self.value(color)
        for y in top..<bottom { (pixels + y * width + left).update(repeating: value, count: right - left) }
    }

    /// The pixel at (`x`, `y`), `0x00RRGGBB`.
    func pixel(x: Int, y: Int) -> Int32 { pixels[y * width + x] }

    /// The row table as the C codecs take it.
    var constRows: UnsafePointer<UnsafePointer<Int32>?> {
        UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<Int32>?.self)
    }
}
