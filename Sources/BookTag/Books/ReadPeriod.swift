/// One read of a book: the day the reader finished it and, where their service records it, the
/// day they began. The reading calendar counts every day between them.
public struct ReadPeriod: Equatable, Sendable, Hashable, Codable {
    /// `YYYY-MM-DD`, or `nil` where only the finish is known (a Goodreads export).
    public var start: String?
    /// `YYYY-MM-DD`.
    public var finish: String

    /// A read from `start` (if known) to `finish`.
    public init(start: String?, finish: String) {
        self.start = start
        self.finish = finish
    }

    /// The days the reader was reading it: from the start to the finish, both included, or the
    /// finish alone where there is no start or the start is after the finish (which of the two
    /// is wrong cannot be told).
    public var days: ClosedRange<CalendarDay>? {
        guard let end = CalendarDay(finish) else { return nil }
        guard let start = start.flatMap(CalendarDay.init), start <= end else { return end...end }
        return start...end
    }
}
