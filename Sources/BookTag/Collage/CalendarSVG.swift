/// The reading calendar as inline SVG for pages (the collage's HTML and `booktag serve`): a
/// square per day shaded by level (`class="day l0"` … `l4`, coloured by the page's style), the
/// months above, and the summary in words both as the figure's caption and as the drawing's
/// accessible name, so a screen reader hears "reading on 214 days, longest run 12 days".
public enum CalendarSVG {
    /// The figure for `calendar`.
    public static func figure(_ calendar: ReadingCalendar) -> String {
        let cell = 12
        let left = 30
        let top = 16
        let width = left + calendar.weeks * cell
        let height = top + 7 * cell
        let summary = "Reading calendar \(calendar.year): \(calendar.summary)"
        var svg = "<figure class=\"calendar\"><figcaption>\(summary.htmlEscaped)</figcaption>"
        svg +=
            "<svg width=\"\(width)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(summary.htmlEscaped)\">"
        for (month, column) in calendar.monthColumns.enumerated() {
            svg +=
                "<text class=\"month\" x=\"\(left + column * cell)\" y=\"11\">\(CollageCalendarMap.months[month])</text>"
        }
        for (row, name) in CollageCalendarMap.weekdays.enumerated() where !name.isEmpty {
            svg += "<text class=\"weekday\" x=\"0\" y=\"\(top + row * cell + 10)\">\(name)</text>"
        }
        for (index, count) in calendar.days.enumerated() where index < calendar.daysSoFar {
            let (week, weekday) = calendar.position(ofDay: index)
            svg +=
                "<rect class=\"day l\(calendar.level(count))\" x=\"\(left + week * cell)\" y=\"\(top + weekday * cell)\" width=\"10\" height=\"10\"></rect>"
        }
        return svg + "</svg></figure>\n"
    }

    /// The rules that colour the days, for a page's stylesheet: none in the tile colour, then the
    /// accent ever stronger.
    public static let style = """
        .calendar svg { max-width: 100%; height: auto; }
        svg rect.day { fill: var(--accent); }
        svg rect.l0 { fill: var(--tile); }
        svg rect.l1 { fill-opacity: 0.35; }
        svg rect.l2 { fill-opacity: 0.55; }
        svg rect.l3 { fill-opacity: 0.78; }
        svg text.month, svg text.weekday { fill: var(--muted); font-size: 9px; text-anchor: start; }
        """
}
