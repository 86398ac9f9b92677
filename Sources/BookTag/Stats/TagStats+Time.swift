extension TagStats {
    /// What a day of the calendar counts: seconds read where the tag's books came with what a
    /// device recorded, books otherwise.
    public var calendarUnit: ReadingCalendar.Unit { time == nil ? .books : .seconds }

    /// Adds the reading time of the tag's books and, for a tag with a year, makes its calendar
    /// the seconds of each day (`days`, local `YYYY-MM-DD`) instead of books in progress.
    mutating func add(_ time: ReadingTime, days: [String: Int], today: CalendarDay = .today) {
        self.time = time
        if let year, let calendar = ReadingCalendar(year: year, seconds: days, today: today) {
            self.calendar = calendar
            calendarAbsence = nil
        }
    }
}
