import BookTag

extension StatsReport {
    /// The reading time a device recorded: the headline, sessions, the longest, the books that
    /// took most, and the hours of the day as one line of eighth-blocks (midnight first).
    var timeLines: [String] {
        guard let time = stats.time else { return [] }
        var lines = ["", palette.paint("reading time", .heading) + palette.paint(" · " + time.headline, .muted)]
        let perDay = ReadingTime.duration(time.perReadingDay)
        lines.append(
            row(
                "sessions",
                "\(GroupedNumber.text(time.sessions)) on \(GroupedNumber.text(time.readingDays)) day"
                    + "\(time.readingDays == 1 ? "" : "s") · \(perDay) a reading day"))
        if let longest = time.longestSession {
            lines.append(
                row(
                    "longest read",
                    "\(ReadingTime.duration(longest.seconds)) on \(longest.day): \(Terminal.safe(longest.title))"))
        }
        for (index, book) in time.books.enumerated() {
            lines.append(
                row(
                    index == 0 ? "most time" : "", "\(ReadingTime.duration(book.seconds)): \(Terminal.safe(book.title))"
                ))
        }
        let busiest = max(1, time.hours.max() ?? 1)
        let cells = time.hours.map { seconds -> Character in
            seconds == 0 ? "·" : Self.eighths[min(7, seconds * 8 / busiest)]
        }
        lines.append(row("hours", palette.paint(String(cells), .accent)))
        lines.append(row("", palette.paint("0     6     12    18  23", .muted)))
        return lines
    }

    /// ▁ to █: an hour's share of the busiest hour.
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}
