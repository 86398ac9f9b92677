import BookTag

/// The reading calendar as text: 53 columns of weeks, a row per weekday, the months named above,
/// one character a day (`·` none, then `░ ▒ ▓ █` as more books were in progress, or more time
/// read: under 15 minutes, under an hour, under two, more), so it reads at
/// 80 columns and without colour. Days before 1 January, after 31 December or after today are
/// blank.
struct CalendarText {
    let calendar: ReadingCalendar
    let palette: Palette
    var words = Words.english

    static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    static let margin = 5

    var lines: [String] {
        var grid = [[Character]](repeating: [Character](repeating: " ", count: calendar.weeks), count: 7)
        for (index, count) in calendar.days.enumerated() where index < calendar.daysSoFar {
            let (week, weekday) = calendar.position(ofDay: index)
            grid[weekday][week] = Self.shades[calendar.level(count)]
        }
        // Each month's name from its first week, as far as the next month's column allows.
        var months = ""
        let columns = calendar.monthColumns
        let names = words.shortMonths
        for (month, column) in columns.enumerated() {
            let room = (month + 1 < columns.count ? columns[month + 1] : calendar.weeks + 3) - column - 1
            months += String(repeating: " ", count: max(0, column - DisplayWidth.of(months)))
            months += DisplayWidth.prefix(names[month], width: max(1, room))
        }
        var lines = [String(repeating: " ", count: Self.margin) + months.trimmingTrailingSpaces]
        let weekdays = words.shortWeekdays
        for (weekday, row) in grid.enumerated() {
            let name = weekday % 2 == 0 ? DisplayWidth.prefix(weekdays[weekday], width: Self.margin - 1) : ""
            let label = name + String(repeating: " ", count: Self.margin - DisplayWidth.of(name))
            lines.append(palette.paint(label, .muted) + paint(row))
        }
        switch calendar.unit {
        case .books:
            lines.append(
                String(repeating: " ", count: Self.margin)
                    + palette.paint(words("none", context: "the calendar's legend") + " ", .muted)
                    + paint(Array(Self.shades))
                    + palette.paint(
                        " " + words("most (%s at once)", words.number(calendar.busiest)), .muted))
        case .seconds:
            lines.append(
                String(repeating: " ", count: Self.margin)
                    + palette.paint(words("less", context: "the calendar's legend") + " ", .muted)
                    + paint(Array(Self.shades))
                    + palette.paint(
                        " " + words("more", context: "the calendar's legend") + ": "
                            + ReadingCalendar.secondsScaleWords(in: words).joined(separator: ", "), .muted))
        }
        return lines
    }

    /// Shaded days in the accent colour, the rest muted.
    private func paint(_ cells: [Character]) -> String {
        guard palette.enabled else { return String(cells).trimmingTrailingSpaces }
        return cells.map { cell in
            cell == " " ? " " : palette.paint(String(cell), cell == "·" ? .muted : .accent)
        }.joined()
    }
}

extension String {
    /// Without the spaces at its end.
    fileprivate var trimmingTrailingSpaces: String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
