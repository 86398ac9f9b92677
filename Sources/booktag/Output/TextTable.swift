/// Plain aligned columns that fit the terminal: the flexible columns give up width first, in
/// the order given. Paths are shortened in the middle (keeping the start and the file name),
/// other text at the end. Widths count terminal columns, so titles in any script line up.
struct TextTable {
    var headers: [String]
    var rows: [[String]]
    /// The columns that give up width, first to last (paths, titles, names).
    var flexibleColumns: [Int]

    func render(width: Int, palette: Palette = .plain) -> String {
        let all = [headers] + rows
        // Cells that are not printable ASCII repeat ("—" in every row of a column): each such
        // text is measured once.
        var measured: [String: Int] = [:]
        let cellWidths = all.map { row in
            row.map { cell in
                if DisplayWidth.isPrintableASCII(cell) { return cell.utf8.count }
                if let known = measured[cell] { return known }
                let width = DisplayWidth.of(cell)
                measured[cell] = width
                return width
            }
        }
        var widths = headers.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
        var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width
        for column in flexibleColumns where excess > 0 {
            let minimum = min(widths[column], max(DisplayWidth.of(headers[column]), 12))
            let give = min(excess, widths[column] - minimum)
            widths[column] -= give
            excess -= give
        }
        // Lines are built as UTF-8 bytes: padding is a run of spaces, not a String slice.
        var text: [UInt8] = []
        text.reserveCapacity(all.count * (widths.reduce(0, +) + 2 * widths.count + 1))
        var line: [UInt8] = []
        for (index, row) in all.enumerated() {
            line.removeAll(keepingCapacity: true)
            for column in row.indices {
                var cell = row[column]
                var cellWidth = cellWidths[index][column]
                if cellWidth > widths[column] {
                    let keep = widths[column] - 1
                    let head: String
                    var tail = ""
                    if cell.utf8.contains(UInt8(ascii: "/")) && keep > 8 {
                        head = DisplayWidth.prefix(cell, width: keep - keep / 2)
                        tail = DisplayWidth.suffix(cell, width: keep / 2)
                    } else {
                        head = DisplayWidth.prefix(cell, width: keep)
                    }
                    cell = head + "…" + tail
                    cellWidth = DisplayWidth.of(head) + 1 + DisplayWidth.of(tail)
                }
                line.append(contentsOf: cell.utf8)
                if column < row.count - 1 {
                    line.append(
                        contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, widths[column] - cellWidth) + 2))
                }
            }
            if index > 0 { text.append(UInt8(ascii: "\n")) }
            if index == 0 {
                text.append(contentsOf: palette.paint(String(decoding: line, as: UTF8.self), .heading).utf8)
            } else {
                text.append(contentsOf: line)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
