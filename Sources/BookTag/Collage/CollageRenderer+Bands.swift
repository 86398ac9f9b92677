import Foundation

extension CollageRenderer {
    // MARK: - Output

    /// The canvas's band as a whole image (the app icon's).
    func encode(_ canvas: CollageCanvas, format: CollageImageFormat, jpegQuality: Int32) throws -> Data {
        let encoder = try CollageEncoder(
            width: canvas.width, height: canvas.band.count, format: format, settings: self, jpegQuality: jpegQuality)
        try encoder.append(canvas)
        return try encoder.finish()
    }

    /// The image's rows in bands of at most `rows`, each ending where no cover, label or text
    /// box is cut when such a place fits in it (a cover is then decoded once); otherwise the band
    /// is full and what it cuts is drawn, clipped, in both bands.
    static func bands(of plan: CollagePlan, rows: Int) -> [Range<Int>] {
        let boxes =
            plan.cells.flatMap { [$0.frame] + ($0.label.map { [$0] } ?? []) }
            + [plan.title, plan.rule, plan.stats, plan.credit].compactMap { $0 }
        // In steps: Swift 6.2 could not type-check it as one expression in reasonable time.
        var edges: Set<Int> = [plan.height]
        for box in boxes {
            edges.insert(box.y)
            edges.insert(box.maxY)
        }
        let clean = edges.filter { y in
            y > 0 && y <= plan.height && !boxes.contains { $0.y < y && y < $0.maxY }
        }.sorted()
        var bands: [Range<Int>] = []
        var start = 0
        while start < plan.height {
            let limit = min(plan.height, start + max(1, rows))
            let end = limit == plan.height ? limit : (clean.last { $0 > start && $0 <= limit } ?? limit)
            bands.append(start..<end)
            start = end
        }
        return bands
    }
}
