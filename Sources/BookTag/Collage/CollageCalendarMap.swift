/// The reading calendar as the poster draws it: a line saying what it shows ("reading on 214
/// days, longest run 12 days"), the months over 53 columns of weeks, a row per weekday (Monday
/// first), each day a square shaded from the tile colour to the accent as more books were in
/// progress, and a legend. Days after today are left empty.
struct CollageCalendarMap {
    let calendar: ReadingCalendar
    let theme: CollageTheme
    /// The reader's language: the months', the weekdays' and the legend's words.
    var words = Words.english

    /// Weekday labels, drawn on every other row from Monday.
    var weekdays: [String] { words.shortWeekdays.enumerated().map { $0.offset % 2 == 0 ? $0.element : "" } }

    /// The height it takes in `room`: days as large as the width allows, leaving the charts
    /// (when there are any) two fifths of the room when that holds them; otherwise the charts
    /// give way.
    func height(for room: CollagePlan.Rect, pixels: Double, lineHeight: Int, charts: Bool) -> Int {
        let cell = cellSize(width: room.width, pixels: pixels)
        let wanted = 3 * lineHeight + 7 * cell
        let chartsFit = charts && room.height * 2 / 5 >= 6 * lineHeight
        return min(wanted, chartsFit ? room.height * 3 / 5 : room.height)
    }

    private func cellSize(width: Int, pixels: Double) -> Int {
        max(2, (width - labelWidth(pixels)) / calendar.weeks)
    }

    /// The weekdays' column: as wide as the widest name the language gives them (at the labels'
    /// size), at least 2.4 and at most 5 times the text's size.
    private func labelWidth(_ pixels: Double) -> Int {
        let widest = weekdays.compactMap { CollageText.width(of: $0, pixels: pixels * 0.85) }.max() ?? 0
        return min(Int((pixels * 5).rounded()), max(Int((pixels * 2.4).rounded(.up)), widest + Int(pixels * 0.5)))
    }

    /// Draws into `box`; returns the texts no installed font could draw.
    func draw(in box: CollagePlan.Rect, pixels: Double, lineHeight: Int, on canvas: any CollageSurface) -> [String] {
        var unreadable: [String] = []
        func text(
            _ string: String, _ rect: CollagePlan.Rect, _ size: Double, _ color: CollageTheme.RGB,
            _ alignment: CollageText.Alignment = .start
        ) {
            if CollageText.draw(string, in: rect, pixels: size, alignment: alignment, color: color, on: canvas) > 0 {
                unreadable.append(string)
            }
        }
        let summary = words("reading calendar: %s", calendar.summary(in: words))
        text(
            summary, CollagePlan.Rect(x: box.x, y: box.y, width: box.width, height: lineHeight),
            CollageText.fitting(summary, width: box.width, pixels: pixels, minimum: pixels * 0.7), theme.text,
            .center)
        let small = pixels * 0.85
        let labels = labelWidth(pixels)
        let cell = max(2, min(cellSize(width: box.width, pixels: pixels), (box.height - 3 * lineHeight) / 7))
        let gap = cell >= 6 ? max(1, cell / 6) : 0
        let top = box.y + 2 * lineHeight
        // Centred when the height, not the width, sets the size of a day.
        let left = box.x + labels + max(0, (box.width - labels - calendar.weeks * cell) / 2)
        // The months' short names where each fits over its four weeks, else their initials.
        let initials = words.shortMonths.contains { (CollageText.width(of: $0, pixels: small) ?? 0) > 4 * cell }
        let months = initials ? words.monthInitials : words.shortMonths
        for (month, column) in calendar.monthColumns.enumerated() {
            let rect = CollagePlan.Rect(
                x: left + column * cell, y: box.y + lineHeight, width: 4 * cell, height: lineHeight)
            text(months[month], rect, small, theme.secondaryText)
        }
        for (row, name) in weekdays.enumerated() where !name.isEmpty && cell * 2 >= lineHeight {
            let rect = CollagePlan.Rect(
                x: left - labels, y: top + row * cell + (cell - lineHeight) / 2, width: labels - gap, height: lineHeight
            )
            text(name, rect, small, theme.secondaryText)
        }
        let shades = (0...4).map(shade)
        for (index, count) in calendar.days.enumerated() where index < calendar.daysSoFar {
            let (week, weekday) = calendar.position(ofDay: index)
            canvas.fill(
                CollagePlan.Rect(
                    x: left + week * cell, y: top + weekday * cell, width: cell - gap, height: cell - gap),
                color: shades[calendar.level(count)])
        }
        let legendTop = top + 7 * cell + (lineHeight - cell) / 2
        if calendar.unit == .seconds {
            drawTimeLegend(
                y: legendTop, lineTop: top + 7 * cell, left: left, cell: cell, gap: gap, pixels: small,
                lineHeight: lineHeight, shades: shades, on: canvas, text: text)
            return unreadable
        }
        // The legend, under the map's right end: none, then the four shades, then "most".
        let (less, more) = (
            words("less", context: "the calendar's legend"), words("more", context: "the calendar's legend")
        )
        let room = max(
            Int((small * 2.6).rounded(.up)),
            (CollageText.width(of: less, pixels: small) ?? 0) + 2, (CollageText.width(of: more, pixels: small) ?? 0) + 2
        )
        var x = left + calendar.weeks * cell - 5 * cell - room
        text(
            less, CollagePlan.Rect(x: x - room - gap, y: top + 7 * cell, width: room, height: lineHeight), small,
            theme.secondaryText, .end)
        for level in 0...4 {
            canvas.fill(
                CollagePlan.Rect(x: x, y: legendTop, width: cell - gap, height: cell - gap), color: shades[level])
            x += cell
        }
        text(
            more, CollagePlan.Rect(x: x + gap, y: top + 7 * cell, width: room, height: lineHeight), small,
            theme.secondaryText)
        return unreadable
    }

    /// Time's legend, across the map: each shade with its words ("0", "under 15 min", "under
    /// 1 h", "under 2 h", "more").
    private func drawTimeLegend(
        y: Int, lineTop: Int, left: Int, cell: Int, gap: Int, pixels: Double, lineHeight: Int,
        shades: [CollageTheme.RGB], on canvas: any CollageSurface,
        text: (String, CollagePlan.Rect, Double, CollageTheme.RGB, CollageText.Alignment) -> Void
    ) {
        let scale = ReadingCalendar.secondsScaleWords(in: words)
        let slot = calendar.weeks * cell / scale.count
        for (level, word) in scale.enumerated() {
            let x = left + level * slot
            canvas.fill(CollagePlan.Rect(x: x, y: y, width: cell - gap, height: cell - gap), color: shades[level])
            text(
                word, CollagePlan.Rect(x: x + cell + gap, y: lineTop, width: slot - cell - gap, height: lineHeight),
                pixels, theme.secondaryText, .start)
        }
    }

    /// Level 0 is the tile; 1 to 4 mix in more of the accent.
    func shade(_ level: Int) -> CollageTheme.RGB {
        guard level > 0 else { return theme.tile }
        let share = [0, 0.35, 0.55, 0.78, 1.0][min(4, level)]
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) * (1 - share) + Double(b) * share).rounded()) }
        return CollageTheme.RGB(
            mix(theme.tile.red, theme.accent.red), mix(theme.tile.green, theme.accent.green),
            mix(theme.tile.blue, theme.accent.blue))
    }
}
