/// The reading calendar as inline SVG for pages (the collage's HTML and `booktag serve`): a
/// square per day shaded by level (`class="day l0"` … `l4`, coloured by the page's style), the
/// months above, and the summary in words both as the figure's caption and as the drawing's
/// accessible name, so a screen reader hears "reading on 214 days, longest run 12 days".
///
/// Two drawings, one shown by width: the year in one strip of 53 weeks, and for a phone the
/// year in two halves one above the other, so that a day stays a square a finger's width apart
/// instead of shrinking to a dot. The hidden one is `display: none`, out of the accessibility
/// tree.
public enum CalendarSVG {
    static let cell = 12
    static let left = 30
    static let top = 16

    /// The figure for `calendar`, in the reader's `words`.
    public static func figure(_ calendar: ReadingCalendar, words: Words = .english) -> String {
        var summary = words("Reading calendar %1$s: %2$s", String(calendar.year), calendar.summary(in: words))
        if calendar.unit == .seconds {
            summary += "; " + words("shaded by time read, %s", ReadingCalendar.scaleWords(in: words))
        }
        let half = calendar.monthStartDays[6]
        return "<figure class=\"calendar\"><figcaption>\(summary.htmlEscaped)</figcaption>"
            + svg(calendar, label: summary, blocks: [0..<calendar.days.count], className: "year", words: words)
            + svg(
                calendar, label: summary, blocks: [0..<half, half..<calendar.days.count], className: "halves",
                words: words)
            + "</figure>\n"
    }

    /// The days of `blocks` (ranges of day indexes), each block a band of 7 rows under its months.
    private static func svg(
        _ calendar: ReadingCalendar, label: String, blocks: [Range<Int>], className: String, words: Words
    ) -> String {
        let map = CollageCalendarMap(calendar: calendar, theme: .forNightMode(false), words: words)
        let months = words.shortMonths  // each read of the names makes a formatter: once, not per month
        let bandHeight = top + 7 * cell + 6
        let weeks = blocks.map { block in
            calendar.position(ofDay: block.upperBound - 1).week - calendar.position(ofDay: block.lowerBound).week + 1
        }
        let width = left + (weeks.max() ?? 0) * cell
        let height = blocks.count * bandHeight
        var svg =
            "<svg class=\"\(className)\" width=\"\(width)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(label.htmlEscaped)\">"
        for (number, block) in blocks.enumerated() {
            let firstWeek = calendar.position(ofDay: block.lowerBound).week
            let y = number * bandHeight
            for (month, start) in calendar.monthStartDays.enumerated() where block.contains(start) {
                let x = left + (calendar.position(ofDay: start).week - firstWeek) * cell
                svg += "<text class=\"month\" x=\"\(x)\" y=\"\(y + 11)\">\(months[month].htmlEscaped)</text>"
            }
            for (row, name) in map.weekdays.enumerated() where !name.isEmpty {
                svg += "<text class=\"weekday\" x=\"0\" y=\"\(y + top + row * cell + 10)\">\(name.htmlEscaped)</text>"
            }
            for index in block where index < calendar.daysSoFar {
                let (week, weekday) = calendar.position(ofDay: index)
                svg +=
                    "<rect class=\"day l\(calendar.level(calendar.days[index]))\" x=\"\(left + (week - firstWeek) * cell)\" y=\"\(y + top + weekday * cell)\" width=\"10\" height=\"10\"></rect>"
            }
        }
        return svg + "</svg>"
    }

    /// The rules that colour the days, for a page's stylesheet: none in the tile colour, then the
    /// accent ever stronger; the strip on a wide page, the halves on a narrow one.
    public static let style = """
        .calendar svg { max-width: 100%; height: auto; }
        .calendar svg.halves { display: none; }
        @media (max-width: 700px) { .calendar svg.year { display: none; } .calendar svg.halves { display: block; } }
        svg rect.day { fill: var(--accent); }
        svg rect.l0 { fill: var(--tile); }
        svg rect.l1 { fill-opacity: 0.35; }
        svg rect.l2 { fill-opacity: 0.55; }
        svg rect.l3 { fill-opacity: 0.78; }
        svg text.month, svg text.weekday { fill: var(--muted); font-size: 9px; text-anchor: start; }
        """
}
