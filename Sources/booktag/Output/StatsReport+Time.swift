import BookTag

extension StatsReport {
    /// The reading time a device recorded: the headline, sessions, the longest, the books that
    /// took most, and the hours of the day as one line of eighth-blocks (midnight first).
    var timeLines: [String] {
        guard let time = stats.time else { return [] }
        var lines = [
            "",
            palette.paint(words("reading time"), .heading) + palette.paint(" · " + time.headline(in: words), .muted),
        ]
        let perDay = ReadingTime.duration(time.perReadingDay, in: words)
        lines.append(
            row(
                words("sessions"),
                words.plural(
                    "%1$s on %2$s day · %3$s a reading day", "%1$s on %2$s days · %3$s a reading day",
                    time.readingDays, words.number(time.sessions), words.number(time.readingDays), perDay)))
        if let longest = time.longestSession {
            lines.append(
                row(
                    words("longest read"),
                    words(
                        "%1$s on %2$s: %3$s", ReadingTime.duration(longest.seconds, in: words), words.day(longest.day),
                        Terminal.safe(longest.title))))
        }
        for (index, book) in time.books.enumerated() {
            lines.append(
                row(
                    index == 0 ? words("most time") : "",
                    ReadingTime.duration(book.seconds, in: words) + ": " + Terminal.safe(book.title)))
        }
        let busiest = max(1, time.hours.max() ?? 1)
        let cells = time.hours.map { seconds -> Character in
            seconds == 0 ? "·" : Self.eighths[min(7, seconds * 8 / busiest)]
        }
        lines.append(row(words("hours"), palette.paint(String(cells), .accent)))
        lines.append(row("", palette.paint("0     6     12    18  23", .muted)))
        return lines
    }

    /// ▁ to █: an hour's share of the busiest hour.
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}
