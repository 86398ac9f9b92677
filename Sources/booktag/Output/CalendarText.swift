import BookTag

/// The reading calendar as text: 53 columns of weeks, a row per weekday, the months named above,
/// one character a day (`·` none, then `░ ▒ ▓ █` as more books were in progress, or more time
/// read: under 15 minutes, under an hour, under two, more), so it reads at
/// 80 columns and without colour. Days before 1 January, after 31 December or after today are
/// blank.
struct CalendarText {
    let calendar: ReadingCalendar
    let palette: Palette

    static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    static let weekdays = ["Mon", "", "Wed", "", "Fri", "", "Sun"]
    static let margin = 5

    var lines: [String] {
        var grid = [[Character]](repeating: [Character](repeating: " ", count: calendar.weeks), count: 7)
        for (index, count) in calendar.days.enumerated() where index < calendar.daysSoFar {
            let (week, weekday) = calendar.position(ofDay: index)
            grid[weekday][week] = Self.shades[calendar.level(count)]
        }
        var months = [Character](repeating: " ", count: calendar.weeks + 3)
        for (month, column) in calendar.monthColumns.enumerated() {
            for (offset, letter) in StatsReport.months[month].enumerated() { months[column + offset] = letter }
        }
        var lines = [String(repeating: " ", count: Self.margin) + String(months).trimmingTrailingSpaces]
        for (weekday, row) in grid.enumerated() {
            let label = Self.weekdays[weekday].padding(toLength: Self.margin, withPad: " ", startingAt: 0)
            lines.append(palette.paint(label, .muted) + paint(row))
        }
        switch calendar.unit {
        case .books:
            lines.append(
                String(repeating: " ", count: Self.margin) + palette.paint("none ", .muted)
                    + paint(Array(Self.shades)) + palette.paint(" most (\(calendar.busiest) at once)", .muted))
        case .seconds:
            lines.append(
                String(repeating: " ", count: Self.margin) + palette.paint("less ", .muted)
                    + paint(Array(Self.shades))
                    + palette.paint(
                        " more: " + ReadingCalendar.secondsScaleWords.joined(separator: ", "), .muted))
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
