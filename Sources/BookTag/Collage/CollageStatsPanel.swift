/// A tag's numbers and charts drawn under its covers (`collage --stats`): the headline, the
/// books that stand out, how they were read (formats, moods, pace) when the library says, the
/// reading calendar of a reader's year, then books per month and stars given as bars, each
/// chart only when it has a book. Everything stays inside the band the planner left, so nothing
/// covers a cover.
struct CollageStatsPanel {
    let stats: TagStats
    let theme: CollageTheme

    /// Draws into `box`; returns the lines with characters no installed font could draw.
    func draw(in box: CollagePlan.Rect, on canvas: any CollageSurface) -> [String] {
        var unreadable: [String] = []
        let headlinePixels = max(9, min(Double(box.height) * 0.11, Double(box.width) * 0.04))
        let smallPixels = max(8, headlinePixels * 0.55)
        var y = box.y
        let headlineHeight = Int((headlinePixels * 1.35).rounded(.up))
        let headline = CollagePlan.Rect(x: box.x, y: y, width: box.width, height: headlineHeight)
        let headlineFit = CollageText.fitting(
            stats.bookHeadline, width: box.width, pixels: headlinePixels, minimum: smallPixels, bold: true)
        if CollageText.draw(
            stats.bookHeadline, in: headline, pixels: headlineFit, bold: true, color: theme.text, on: canvas) > 0
        {
            unreadable.append(stats.bookHeadline)
        }
        y += headlineHeight
        if let time = stats.time {
            // "127 h read · longest session 1 h 15 min", a size under the headline.
            let pixels = headlinePixels * 0.72
            let height = Int((pixels * 1.35).rounded(.up))
            let line = CollagePlan.Rect(x: box.x, y: y, width: box.width, height: height)
            let words = time.headline(in: stats.words)
            let fit = CollageText.fitting(words, width: box.width, pixels: pixels, minimum: smallPixels, bold: true)
            if CollageText.draw(words, in: line, pixels: fit, bold: true, color: theme.text, on: canvas) > 0 {
                unreadable.append(words)
            }
            y += height
        }
        let smallHeight = Int((smallPixels * 1.4).rounded(.up))
        if let highlights = stats.highlights {
            let line = CollagePlan.Rect(x: box.x, y: y, width: box.width, height: smallHeight)
            let fit = CollageText.fitting(highlights, width: box.width, pixels: smallPixels, minimum: smallPixels * 0.7)
            if CollageText.draw(highlights, in: line, pixels: fit, color: theme.secondaryText, on: canvas) > 0 {
                unreadable.append(highlights)
            }
            y += smallHeight
        }
        // The reader's goal, in the words the terminal and serve's page use.
        if let goal = stats.goal {
            let sentence = goal.words(in: stats.words)
            let line = CollagePlan.Rect(x: box.x, y: y, width: box.width, height: smallHeight)
            let fit = CollageText.fitting(
                sentence, width: box.width, pixels: smallPixels, minimum: smallPixels * 0.7, bold: true)
            if CollageText.draw(sentence, in: line, pixels: fit, bold: true, color: theme.text, on: canvas)
                > 0
            {
                unreadable.append(sentence)
            }
            y += smallHeight
            y += drawGoalBar(
                goal, at: CollagePlan.Rect(x: box.x, y: y, width: box.width, height: smallHeight), on: canvas)
        }
        for text in [stats.habits, stats.yearNotes].compactMap({ $0 }) {
            let line = CollagePlan.Rect(x: box.x, y: y, width: box.width, height: smallHeight)
            let fit = CollageText.fitting(text, width: box.width, pixels: smallPixels, minimum: smallPixels * 0.7)
            if CollageText.draw(text, in: line, pixels: fit, color: theme.secondaryText, on: canvas) > 0 {
                unreadable.append(text)
            }
            y += smallHeight
        }
        y += smallHeight / 2
        if let calendar = stats.calendar {
            let room = CollagePlan.Rect(x: box.x, y: y, width: box.width, height: box.maxY - y)
            let map = CollageCalendarMap(calendar: calendar, theme: theme, words: stats.words)
            let height = map.height(
                for: room, pixels: smallPixels, lineHeight: smallHeight, charts: !stats.charts.isEmpty)
            unreadable += map.draw(
                in: CollagePlan.Rect(x: room.x, y: room.y, width: room.width, height: height), pixels: smallPixels,
                lineHeight: smallHeight, on: canvas)
            y += height + smallHeight / 2
        }
        let charts = stats.charts
        let area = CollagePlan.Rect(x: box.x, y: y, width: box.width, height: box.maxY - y)
        guard !charts.isEmpty, area.height >= 5 * smallHeight else { return unreadable }
        // Side by side, each as wide as its bars: 12 months to 5 stars.
        let gap = max(8, box.width / 20)
        let bars = charts.reduce(0) { $0 + $1.counts.count }
        var x = area.x
        for chart in charts {
            let width = (area.width - gap * (charts.count - 1)) * chart.counts.count / bars
            let frame = CollagePlan.Rect(x: x, y: area.y, width: width, height: area.height)
            unreadable += drawChart(chart, in: frame, pixels: smallPixels, lineHeight: smallHeight, on: canvas)
            x += width + gap
        }
        return unreadable
    }

    /// The goal as a bar under its words: the books done filled in (full once reached), and for
    /// the year under way a mark where the goal wants the reader by today. Returns the height taken.
    private func drawGoalBar(_ goal: GoalProgress, at line: CollagePlan.Rect, on canvas: any CollageSurface) -> Int {
        let height = max(3, line.height / 3)
        let width = line.width * 3 / 5
        let track = CollagePlan.Rect(x: line.x + (line.width - width) / 2, y: line.y, width: width, height: height)
        canvas.fill(track, color: theme.tile)
        let done = track.width * min(goal.booksDone, goal.books) / goal.books
        if done > 0 {
            canvas.fill(CollagePlan.Rect(x: track.x, y: track.y, width: done, height: height), color: theme.accent)
        }
        if let expected = goal.expected {
            let x = track.x + Int((Double(track.width) * min(1, expected / Double(goal.books))).rounded())
            let mark = max(2, height / 2)
            canvas.fill(
                CollagePlan.Rect(
                    x: min(x, track.maxX - mark), y: track.y - mark, width: mark, height: height + 2 * mark),
                color: theme.text)
        }
        return height + line.height / 2
    }

    /// A title, bars scaled to the largest count with each count over its bar, labels under them.
    private func drawChart(
        _ chart: (title: String, labels: [String], counts: [Int]), in frame: CollagePlan.Rect, pixels: Double,
        lineHeight: Int,
        on canvas: any CollageSurface
    ) -> [String] {
        var unreadable: [String] = []
        let title = CollagePlan.Rect(x: frame.x, y: frame.y, width: frame.width, height: lineHeight)
        if CollageText.draw(chart.title, in: title, pixels: pixels, color: theme.secondaryText, on: canvas) > 0 {
            unreadable.append(chart.title)
        }
        let labelTop = frame.maxY - lineHeight
        let barBottom = labelTop - 2
        let barTop = frame.y + 2 * lineHeight
        guard barBottom > barTop else { return unreadable }
        let slot = frame.width / max(1, chart.counts.count)
        let largest = max(1, chart.counts.max() ?? 1)
        canvas.fill(
            CollagePlan.Rect(x: frame.x, y: barBottom, width: slot * chart.counts.count, height: 1), color: theme.tile)
        for (index, count) in chart.counts.enumerated() {
            let left = frame.x + index * slot
            let barWidth = max(1, slot * 3 / 5)
            let height = count == 0 ? 0 : max(2, (barBottom - barTop) * count / largest)
            canvas.fill(
                CollagePlan.Rect(
                    x: left + (slot - barWidth) / 2, y: barBottom - height, width: barWidth, height: height),
                color: theme.accent)
            // 24 hours leave no room for a number over each bar.
            if count > 0, chart.counts.count <= 12 {
                let value = CollagePlan.Rect(
                    x: left, y: barBottom - height - lineHeight, width: slot, height: lineHeight)
                CollageText.draw(String(count), in: value, pixels: pixels * 0.9, color: theme.text, on: canvas)
            }
            guard !chart.labels[index].isEmpty else { continue }
            // Sparse labels (every sixth hour) may be wider than their bar: centred under it.
            let labelWidth = chart.counts.count > 12 ? slot * 4 : slot
            let label = CollagePlan.Rect(
                x: left + (slot - labelWidth) / 2, y: labelTop, width: labelWidth, height: lineHeight)
            if CollageText.draw(chart.labels[index], in: label, pixels: pixels, color: theme.secondaryText, on: canvas)
                > 0
            {
                unreadable.append(chart.labels[index])
            }
        }
        return unreadable
    }
}
