extension TagStats {
    /// The reading calendar of a reader's `books` in `year`, or why there is none.
    static func calendar(of books: [StatsBook], carried: [ReadPeriod], year: Int?, today: CalendarDay)
        -> (ReadingCalendar?, String?)
    {
        guard let year else {
            return (nil, "no reading calendar: the tag keeps no one year")
        }
        guard
            let calendar = ReadingCalendar(
                year: year, readings: books.lazy.compactMap(\.reading), carried: carried, today: today)
        else {
            return (nil, "no reading calendar: no book has a read day in \(year)")
        }
        return (calendar, nil)
    }

    /// The year against the one before, as a reader says it: "4 more than 2024", "1 fewer than
    /// 2024", "as many as in 2024"; `nil` without the year before.
    public var versusPrevious: String? {
        guard let previous else { return nil }
        let difference = books - previous.books
        if difference == 0 { return "as many as in \(previous.year)" }
        let count = GroupedNumber.text(abs(difference))
        return "\(count) \(difference > 0 ? "more" : "fewer") than \(previous.year)"
    }

    /// "4 more than 2024 · 2 re-reads · 3 undated, left out of the months"; `nil` when none of
    /// them has anything to say.
    public var yearNotes: String? {
        var parts = [versusPrevious].compactMap { $0 }
        if let rereads, rereads > 0 { parts.append("\(GroupedNumber.text(rereads)) re-read\(rereads == 1 ? "" : "s")") }
        if let undated, undated > 0, months != nil {
            parts.append("\(GroupedNumber.text(undated)) undated, left out of the months")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
