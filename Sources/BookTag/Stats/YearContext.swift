/// What a year's tag cannot tell from its own books, kept with it when an export makes it: the
/// reader's year before (for "4 more than 2024") and the reads of books finished after the year
/// that began in it (their days in the year are on its calendar; the books count in the year
/// they were finished).
public struct YearContext: Equatable, Sendable, Codable {
    /// The year before the tag's, where the export reaches back to it.
    public var previous: PreviousYear?
    /// Reads of books outside the tag with days in its year.
    public var carriedReads: [ReadPeriod]

    /// A context; empty when nothing is known.
    public init(previous: PreviousYear? = nil, carriedReads: [ReadPeriod] = []) {
        self.previous = previous
        self.carriedReads = carriedReads
    }

    /// Gathers a year's context as an export or a shelf is read, a book at a time.
    struct Tally: Sendable {
        let year: Int
        private var previous: PreviousYear.Tally
        private var carried: [ReadPeriod] = []

        init(year: Int) {
            self.year = year
            previous = PreviousYear.Tally(year: year - 1)
        }

        /// Notes a row of the shelf the tag is made from; `kept` when the row is one of its books.
        mutating func add(_ row: ImportedBook, kept: Bool) {
            add(key: row.key, reading: row.reading, pages: row.pageCount, kept: kept)
        }

        /// Notes a book listed by a reader's shelf; `kept` when it is one of the tag's books.
        mutating func add(_ work: SearchWork, kept: Bool) {
            guard let reading = work.details?.reading else { return }
            add(key: work.id.description, reading: reading, pages: work.details?.pageCount, kept: kept)
        }

        private mutating func add(key: String, reading: Reading, pages: Int?, kept: Bool) {
            previous.add(key: key, reading: reading, pages: pages)
            guard !kept else { return }
            let first = CalendarDay.firstOf(year: year)
            let last = CalendarDay.firstOf(year: year + 1).advanced(by: -1)
            for read in reading.reads {
                if let days = read.days, days.lowerBound <= last, days.upperBound >= first { carried.append(read) }
            }
        }

        var result: YearContext {
            YearContext(previous: previous.result, carriedReads: carried)
        }
    }
}
