import Foundation

/// Covers that more than one band of a collage cuts, each decoded and scaled once into a
/// canvas of its frame's size and copied into every band it reaches. A 4k collage drawn in
/// bands of 1 MiB (68 rows) cuts each 300-row cover five times; decoding it in each band cost
/// more than the rest of the collage. A cover is let go after the band that holds its last row,
/// so at most a row of covers is held (16 at 4k: 4.5 MB), and a row more drawn ahead
/// (`CoversAhead`).
final class SpanningCovers: @unchecked Sendable {
    /// A cover drawn at its frame's size, or `nil` where it could not be decoded.
    private let drawn = Locked<[Int: CollageCanvas?]>([:])

    /// Whether `frame` reaches outside `band`: it is then drawn through this cache.
    static func isCut(_ frame: CollagePlan.Rect, by band: Range<Int>) -> Bool {
        frame.y < band.lowerBound || frame.maxY > band.upperBound
    }

    /// Whether cover `index` was drawn here already (ahead of its band, or by a band before):
    /// its bands then copy it from here.
    func holds(_ index: Int) -> Bool {
        drawn.withLock { $0[index] != nil }
    }

    /// Draws cover `index` for the bands that will show it (`draw` draws into a canvas the size
    /// of `frame`, at its origin), unless it was drawn already.
    func drawAhead(
        _ index: Int, frame: CollagePlan.Rect, background: CollageTheme.RGB,
        draw: (CollageCanvas, CollagePlan.Rect) -> Bool
    ) {
        _ = cell(index, frame: frame, background: background, draw: draw)
    }

    /// Copies cover `index`'s rows that are in `canvas`'s band, drawing it first if no band drew
    /// it before. `false` when it could not be drawn.
    func copy(
        _ index: Int, frame: CollagePlan.Rect, into canvas: CollageCanvas, background: CollageTheme.RGB,
        draw: (CollageCanvas, CollagePlan.Rect) -> Bool
    ) -> Bool {
        let cell = cell(index, frame: frame, background: background, draw: draw)
        if frame.maxY <= canvas.band.upperBound { drawn.withLock { $0[index] = nil } }
        guard let cell else { return false }
        let top = max(frame.y, canvas.band.lowerBound)
        let bottom = min(frame.maxY, canvas.band.upperBound)
        for y in top..<bottom {
            (canvas.rows[y]! + frame.x).update(from: cell.rows[y - frame.y]!, count: frame.width)
        }
        return true
    }

    private func cell(
        _ index: Int, frame: CollagePlan.Rect, background: CollageTheme.RGB,
        draw: (CollageCanvas, CollagePlan.Rect) -> Bool
    ) -> CollageCanvas? {
        if let known = drawn.withLock({ $0[index] }) { return known }
        let made = CollageCanvas(width: frame.width, height: frame.height, background: background).flatMap {
            draw($0, CollagePlan.Rect(x: 0, y: 0, width: frame.width, height: frame.height)) ? $0 : nil
        }
        drawn.withLock { $0[index] = .some(made) }
        return made
    }
}
