import BookTag
import Foundation

extension BookRow {
    /// The rows as an aligned table that fits the terminal; cover paths only when asked for, and
    /// ISBN13 only when some book has one (search results carry none).
    static func table(_ rows: [BookRow], covers: Bool, palette: Palette) -> String {
        let showsISBN = rows.contains { $0.isbn13 != nil }
        let showsReading = rows.contains { $0.myRating != nil || $0.dateRead != nil }
        var headers = ["#", "ID", "TITLE", "AUTHOR", "YEAR", "RATING"]
        if showsReading { headers += ["MINE", "READ"] }
        if showsISBN { headers.append("ISBN13") }
        if covers { headers.append("COVER") }
        let table = TextTable(
            headers: headers,
            rows: rows.map { row in
                var cells = [
                    String(row.position), row.id, Terminal.safe(row.title), Terminal.safe(row.author ?? "—"),
                    row.year.map(String.init) ?? "—", row.rating.map { FixedDecimal.text($0, places: 2) } ?? "—",
                ]
                if showsReading {
                    cells += [
                        row.myStars.map(StarsText.text) ?? "—",
                        row.dateRead ?? "—",
                    ]
                }
                if showsISBN { cells.append(row.isbn13 ?? "—") }
                if covers { cells.append(row.cover) }
                return cells
            },
            flexibleColumns: covers ? [headers.count - 1, 2, 3] : [2, 3])
        return table.render(width: Terminal.width, palette: palette)
    }
}
