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

    /// The height of every cover in one justified row.
    static func height(aspects: [Double], width: Double, gap: Double) -> Double {
        (width - Double(aspects.count - 1) * gap) / aspects.reduce(0, +)
    }

    /// `aspects` are width ÷ height.
    static func rows(aspects: [Double], width: Double, gap: Double, target: Double) -> [Row] {
        let count = aspects.count
        guard count > 0, width > 0, target > 0 else { return [] }
        // prefix[i]: the sum of the first i aspects. best[i]: the least cost of laying out
        // covers i..<count; next[i]: where the row from i ends.
        var prefix = [Double](repeating: 0, count: count + 1)
        var best = [Double](repeating: .infinity, count: count + 1)
        var next = [Int](repeating: count, count: count + 1)
        best[count] = 0
        prefix.withUnsafeMutableBufferPointer { prefix in
            for index in 0..<count { prefix[index + 1] = prefix[index] + aspects[index] }
            best.withUnsafeMutableBufferPointer { best in
                next.withUnsafeMutableBufferPointer { next in
                    let inverseTarget = 1 / target
                    let lowest = target / 3
                    for start in stride(from: count - 1, through: 0, by: -1) {
                        var end = start + 1
                        var least = Double.infinity
                        var leastEnd = count
                        while end <= count {
                            let rowHeight = (width - Double(end - start - 1) * gap) / (prefix[end] - prefix[start])
                            let ratio = rowHeight * inverseTarget
                            // The last row costs nothing when it is at least the target: it is not stretched.
                            let cost = end == count && ratio >= 1 ? 0 : (ratio - 1) * (ratio - 1)
                            if rowHeight > 0, cost + best[end] < least {
                                least = cost + best[end]
                                leastEnd = end
                            }
                            // Adding covers only lowers the row; once it is under a third of the
                            // target it cannot be the best choice.
                            if rowHeight < lowest { break }
                            end += 1
                        }
                        best[start] = least
                        next[start] = leastEnd
                    }
                }
            }
        }
        func height(_ start: Int, _ end: Int) -> Double {
            (width - Double(end - start - 1) * gap) / (prefix[end] - prefix[start])
        }
        var rows: [Row] = []
        var start = 0
        while start < count {
            let end = next[start]
            let justifiedHeight = height(start, end)
            let isShortLast = end == count && justifiedHeight > target
            rows.append(
                Row(range: start..<end, height: isShortLast ? target : justifiedHeight, justified: !isShortLast))
            start = end
        }
        return rows
    }
}
