import Foundation

extension CollagePlanner {
    /// Justified rows: each row's covers at one height, the rows filling the width.
    func rows(aspects: [Double], metrics: Metrics, labelBand: Int) throws(CollageOptionError) -> CollagePlan {
        let top = metrics.margin + metrics.titleBand
        let gap = Double(metrics.gap)
        let width: Int
        let areaHeight: Int?
        if let size {
            width = size.width - 2 * metrics.margin
            areaHeight = size.height - top - metrics.bottom
        } else {
            let columns = max(1, min(columns ?? 4, aspects.count))
            width = columns * Self.cellWidth + (columns - 1) * metrics.gap
            areaHeight = nil
        }
        guard width >= Self.minimumCover else {
            throw .tooManyForSize(count: aspects.count, size: size?.description ?? "")
        }
        func totalHeight(_ rows: [JustifiedRows.Row]) -> Double {
            rows.reduce(0) { $0 + $1.height.rounded(.down) } + Double(rows.count - 1) * gap
                + Double(rows.count * labelBand)
        }
        var chosen: [JustifiedRows.Row]
        var scale = 1.0
        if let areaHeight {
            // Targets for 1, 2, 3… rows; the layout filling most of the height without spilling wins.
            var fitting: (rows: [JustifiedRows.Row], height: Double)?
            var smallest: (rows: [JustifiedRows.Row], height: Double)?
            // Once a target is no taller than all the covers in one justified row, every row
            // count from there on gives that one row at the target's height, which fits and is
            // lower than the first: nothing after it can win.
            let oneRow = JustifiedRows.height(aspects: aspects, width: Double(width), gap: gap)
            for count in 1...min(aspects.count, 80) {
                let target = (Double(areaHeight) - Double(count - 1) * gap - Double(count * labelBand)) / Double(count)
                guard target >= Double(Self.minimumCover) else { break }
                let rows = JustifiedRows.rows(aspects: aspects, width: Double(width), gap: gap, target: target)
                let height = totalHeight(rows)
                if height <= Double(areaHeight), height > fitting?.height ?? 0 { fitting = (rows, height) }
                if height < smallest?.height ?? .infinity { smallest = (rows, height) }
                if target <= oneRow, !triesEveryRowCount { break }
            }
            guard let pick = fitting ?? smallest else {
                throw .tooManyForSize(count: aspects.count, size: size?.description ?? "")
            }
            chosen = pick.rows
            // Nothing fits: every row shrinks alike, narrower than the width, still whole.
            if fitting == nil { scale = Double(areaHeight) / pick.height }
        } else {
            chosen = JustifiedRows.rows(
                aspects: aspects, width: Double(width), gap: gap, target: Double(Self.cellHeight))
        }
        let contentHeight = Int((totalHeight(chosen) * scale).rounded(.down))
        let imageWidth = size?.width ?? width + 2 * metrics.margin
        let imageHeight = size?.height ?? top + contentHeight + metrics.bottom
        var plan = emptyPlan(
            width: imageWidth, height: imageHeight, metrics: metrics, columns: chosen.map(\.range.count).max() ?? 0,
            rows: chosen.count, fills: true)
        var y = top + max(0, ((areaHeight ?? contentHeight) - contentHeight) / 2)
        for row in chosen {
            let height = max(1, Int((row.height * scale).rounded(.down)))
            let rowWidth =
                row.justified && scale == 1
                ? width
                : Int(
                    row.range.reduce(0.0) { $0 + aspects[$1] * row.height * scale } + Double(row.range.count - 1) * gap)
            var x = metrics.margin + (width - rowWidth) / 2
            let right = x + rowWidth
            var exact = Double(x)
            for index in row.range {
                exact += aspects[index] * row.height * scale
                // The last cover of a justified row ends on the right edge, whatever the rounding.
                let end =
                    index == row.range.upperBound - 1 && row.justified && scale == 1 ? right : Int(exact.rounded())
                plan.cells.append(
                    cell(x: x, y: y, width: max(1, end - x), height: height, labelBand: labelBand, metrics: metrics))
                exact += gap
                x = end + metrics.gap
                exact = Double(x)
            }
            y += height + labelBand + metrics.gap
        }
        if plan.cells.contains(where: { min($0.frame.width, $0.frame.height) < Self.minimumCover }) {
            throw .tooManyForSize(count: aspects.count, size: size?.description ?? "\(imageWidth)x\(imageHeight)")
        }
        return plan
    }
}
