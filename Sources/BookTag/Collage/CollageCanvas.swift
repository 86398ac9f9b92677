import Foundation

/// The pixels of a collage while it is drawn: `0x00RRGGBB` ints, row after row, with a table of
/// row pointers for the C codecs (`booktag_scale`, the PNG and JPEG writers).
///
/// A canvas may hold only a band of the image's rows (`band`): a tall collage is then drawn and
/// written one band at a time, and its memory is the band's, not the image's. The row table
/// covers the whole image, with `nil` outside the band; drawing is clipped to the band, and
/// `booktag_scale` skips rows that are not there.
///
/// A canvas is a buffer: booktag decodes, scales and encodes itself, so it needs no imaging
/// library to hold one (libgd's ~45 shared libraries cost a collage process more start-up than
/// drawing twelve covers). Concurrent jobs may write disjoint areas of one canvas.
final class CollageCanvas: @unchecked Sendable {
    /// The image's width and height.
    let width: Int
    let height: Int
    /// The rows held now.
    private(set) var band: Range<Int>
    /// The most rows a band may have.
    let bandCapacity: Int
    private let background: Int32
    private let pixels: UnsafeMutablePointer<Int32>
    /// `rows[y]` points at row `y` of the image while it is in the band, and is `nil` otherwise.
    let rows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>

    /// `nil` when the memory cannot be had (sizes were checked against `CollageSize`'s limits
    /// before this is asked for). `bandRows` (at most `height`; `nil`: all) is how many rows it
    /// holds at once; it starts with the first of them, filled with `background`.
    init?(width: Int, height: Int, background: CollageTheme.RGB, bandRows: Int? = nil) {
        let capacity = min(height, bandRows ?? height)
        guard width > 0, height > 0, capacity > 0, width.multipliedReportingOverflow(by: capacity).overflow == false,
            let raw = malloc(MemoryLayout<Int32>.stride * width * capacity)
        else { return nil }
        guard let table = calloc(height, MemoryLayout<UnsafeMutablePointer<Int32>?>.stride) else {
            free(raw)
            return nil
        }
        self.width = width
        self.height = height
        self.background = Self.value(background)
        bandCapacity = capacity
        band = 0..<0
        pixels = raw.bindMemory(to: Int32.self, capacity: width * capacity)
        rows = table.bindMemory(to: UnsafeMutablePointer<Int32>?.self, capacity: height)
        show(0..<capacity)
    }

    deinit {
        free(rows)
        free(pixels)
    }

    /// Makes `rows` (at most `bandCapacity` of them, inside the image) the band, cleared to the
    /// background; what was drawn in the band before is gone.
    func show(_ rows: Range<Int>) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height && rows.count <= bandCapacity && !rows.isEmpty)
        for y in band { self.rows[y] = nil }
        band = rows
        for y in rows { self.rows[y] = pixels + (y - rows.lowerBound) * width }
        pixels.update(repeating: background, count: width * rows.count)
    }

    static func value(_ color: CollageTheme.RGB) -> Int32 {
        Int32(truncatingIfNeeded: color.red << 16 | color.green << 8 | color.blue)
    }

    /// Whether any of `rect`'s rows is in the band.
    func holds(_ rect: CollagePlan.Rect) -> Bool {
        rect.y < band.upperBound && rect.maxY > band.lowerBound && rect.width > 0
    }

    /// Fills `rect`, clipped to the canvas and the band.
    func fill(_ rect: CollagePlan.Rect, color: CollageTheme.RGB) {
        let left = max(0, rect.x)
        let right = min(width, rect.maxX)
        let top = max(band.lowerBound, rect.y)
        let bottom = min(band.upperBound, rect.maxY)
        guard left < right, top < bottom else { return }
        let value = Self.value(color)
        for y in top..<bottom { (rows[y]! + left).update(repeating: value, count: right - left) }
    }

    /// The pixel at (`x`, `y`), `0x00RRGGBB`; `y` in the band.
    func pixel(x: Int, y: Int) -> Int32 { rows[y]![x] }

    /// Sets the pixel at (`x`, `y`); `y` in the band.
    func set(x: Int, y: Int, to value: Int32) { rows[y]![x] = value }

    /// The band's row table as the C codecs take it: its first row is the band's first.
    var bandRows: UnsafePointer<UnsafePointer<Int32>?> {
        UnsafeRawPointer(rows + band.lowerBound).assumingMemoryBound(to: UnsafePointer<Int32>?.self)
    }
}
