/// What a collage's title, labels, tiles and numbers are drawn on: a canvas of pixels for PNG
/// and JPEG, a PDF page for print, where the same rectangles and text stay vector.
protocol CollageSurface: AnyObject {
    /// Whether any of `rect` is on the surface now (a canvas holds a band of rows at a time).
    func holds(_ rect: CollagePlan.Rect) -> Bool
    /// Paints `rect` in `color`.
    func fill(_ rect: CollagePlan.Rect, color: CollageTheme.RGB)
    /// Sets `text` in `box` (clipped to it); returns how many characters no installed font had.
    func draw(_ text: String, in box: CollagePlan.Rect, style: CollageText.Style) -> Int
}

extension CollageCanvas: CollageSurface {
    func draw(_ text: String, in box: CollagePlan.Rect, style: CollageText.Style) -> Int {
        guard
            let block = CollageText.layout(
                text, in: box, pixels: style.pixels, bold: style.bold, maxLines: style.maxLines,
                alignment: style.alignment, color: style.color, centered: style.centered)
        else { return 0 }
        block.draw(on: self)
        return block.unknownGlyphs
    }
}
