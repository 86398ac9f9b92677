/// Plain aligned columns that fit the terminal: the column marked flexible gives up width first,
/// shortened in the middle (so a path keeps its start and its file name).
struct TextTable {
    var headers: [String]
    var rows: [[String]]
    /// The column that gives up width first (titles, names).
    var flexibleColumn: Int

    func render(width: Int) -> String {
        let all = [headers] + rows
        var widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if total > width {
            widths[flexibleColumn] = max(8, widths[flexibleColumn] - (total - width))
        }
        return all.map { row in
            row.indices.map { column in
                var cell = row[column]
                if cell.count > widths[column] {
                    let keep = widths[column] - 1
                    cell = column == flexibleColumn
                        ? String(cell.prefix(keep - keep / 2)) + "…" + String(cell.suffix(keep / 2))
                        : String(cell.prefix(keep)) + "…"
                }
                return column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
