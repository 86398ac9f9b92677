extension TagStats {
    /// Why a reader's tag has no reading calendar.
    public enum CalendarAbsence: Sendable, Equatable {
        /// The tag keeps no one year.
        case noYear
        /// No book of the tag has a read day in the year.
        case noReadDay(year: Int)
        /// Open Library's reading log keeps only the day a book was shelved.
        case onlyShelved
    }

    /// Why a reader's tag has no calendar, in a line; `nil` when it has one or is a search.
    public var calendarNote: String? {
        switch calendarAbsence {
        case nil: nil
        case .noYear: words("no reading calendar: the tag keeps no one year")
        case .noReadDay(let year): words("no reading calendar: no book has a read day in %s", String(year))
        case .onlyShelved:
            words("no reading calendar: Open Library's reading log keeps only the day a book was shelved")
        }
    }
    /// The reading calendar of a reader's `books` in `year`, or why there is none.
    static func calendar(of books: [StatsBook], carried: [ReadPeriod], year: Int?, today: CalendarDay)
        -> (ReadingCalendar?, CalendarAbsence?)
    {
        guard let year else { return (nil, .noYear) }
        guard
            let calendar = ReadingCalendar(
                year: year, readings: books.lazy.compactMap(\.reading), carried: carried, today: today)
        else {
            return (nil, .noReadDay(year: year))
        }
        return (calendar, nil)
    }

    /// The year against the one before, as a reader says it: "4 more than 2024", "1 fewer than
    /// 2024", "as many as in 2024"; `nil` without the year before.
    public var versusPrevious: String? {
        guard let previous else { return nil }
        let difference = books - previous.books
        let year = String(previous.year)
        if difference == 0 { return words("as many as in %s", year) }
        let count = words.number(abs(difference))
        return difference > 0
            ? words.plural("%1$s more than %2$s", "%1$s more than %2$s", abs(difference), count, year)
            : words.plural("%1$s fewer than %2$s", "%1$s fewer than %2$s", abs(difference), count, year)
    }

    /// "4 more than 2024 · 2 re-reads · 3 undated, left out of the months"; `nil` when none of
    /// them has anything to say.
    public var yearNotes: String? {
        var parts = [versusPrevious].compactMap { $0 }
        if let rereads, rereads > 0 { parts.append(words.plural("%s re-read", "%s re-reads", rereads)) }
        if let undated, undated > 0, months != nil {
            parts.append(
                words.plural("%s undated, left out of the months", "%s undated, left out of the months", undated))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
