/// Breaks covers into justified rows: each row's covers share one height and, side by side with
/// their gaps, span the width exactly. Rows are chosen together (dynamic programming over break
/// points, as a paragraph is broken into lines) so their heights stay close to a target; the
/// last row may be shorter than the target but never taller, so it is not stretched.
enum JustifiedRows {
    struct Row: Equatable {
        var range: Range<Int>
        /// The row's height, before rounding; its covers are `aspect × height` wide.
        var height: Double
        /// Whether the row spans the width (every row but a short last one does).
        var justified: Bool
    }

    /// `aspects` are width ÷ height.
    static func rows(aspects: [Double], width: Double, gap: Double, target: Double) -> [Row] {
        let count = aspects.count
        guard count > 0, width > 0, target > 0 else { return [] }
        var prefix = [0.0]
        prefix.reserveCapacity(count + 1)
        for aspect in aspects { prefix.append(prefix.last! + aspect) }
        func height(_ start: Int, _ end: Int) -> Double {
            (width - Double(end - start - 1) * gap) / (prefix[end] - prefix[start])
        }
        // best[i]: the least cost of laying out covers i..<count; next[i]: where the row from i ends.
        var best = [Double](repeating: .infinity, count: count + 1)
        var next = [Int](repeating: count, count: count + 1)
        best[count] = 0
        for start in stride(from: count - 1, through: 0, by: -1) {
            var end = start + 1
            while end <= count {
                let rowHeight = height(start, end)
                let cost: Double
                if end == count {
                    cost = rowHeight >= target ? 0 : (1 - rowHeight / target) * (1 - rowHeight / target)
                } else {
                    let ratio = rowHeight / target
                    cost = (ratio - 1) * (ratio - 1)
                }
                if rowHeight > 0, cost + best[end] < best[start] {
                    best[start] = cost + best[end]
                    next[start] = end
                }
                // Adding covers only lowers the row; once it is under a third of the target it
                // cannot be the best choice.
                if rowHeight < target / 3 { break }
                end += 1
            }
        }
        var rows: [Row] = []
        var start = 0
        while start < count {
            let end = next[start]
            let justifiedHeight = height(start, end)
            let isShortLast = end == count && justifiedHeight > target
            rows.append(Row(range: start..<end, height: isShortLast ? target : justifiedHeight, justified: !isShortLast))
            start = end
        }
        return rows
    }
}
