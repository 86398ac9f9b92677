import Foundation

/// One `book` row of KOReader's statistics with its page rows: whether and when it was
/// finished, and whether it is a book the reader read at all.
struct KOReaderBook {
    /// One page-statistics row: `seconds` on `page` from `start` (epoch seconds), when the book
    /// had `totalPages` pages (0 where the old layout did not say).
    struct Row: Equatable {
        var book: Int64
        var page: Int
        var start: Int64
        var seconds: Int
        var totalPages: Int
    }

    let id: Int64
    let title: String
    /// KOReader's `authors`, `N/A` for none, several on lines of their own.
    let authors: String?
    /// The page count KOReader last saw.
    let pages: Int
    /// The partial MD5 of the file read (`KOReaderPartialMD5`).
    let md5: String?
    /// In start order.
    let rows: [Row]
    let timeZone: TimeZone

    /// The seconds of every row.
    var seconds: Int { rows.reduce(0) { $0 + $1.seconds } }

    /// The first author, or `nil` for KOReader's `N/A`.
    var author: String? {
        let first = authors?.split(whereSeparator: \.isNewline).first.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let first, !first.isEmpty, first != "N/A" else { return nil }
        return first
    }

    /// The last page a row covers, in today's page count: KOReader rescales a row written when
    /// the book had `totalPages` pages to the pages it has now (its statistics' `page_stat` view).
    func lastPage(of row: Row) -> Int {
        guard row.totalPages > 0, pages > 0, row.totalPages != pages else { return row.page }
        let first = ((row.page - 1) * pages) / row.totalPages + 1
        return max(first, (row.page * pages) / row.totalPages)
    }

    /// The reader's local day (`YYYY-MM-DD`) the first row reaching the last page was read on;
    /// `nil` while the book is in progress.
    var finishedDay: String? {
        guard pages > 0, let row = rows.first(where: { lastPage(of: $0) >= pages }) else { return nil }
        return Self.day(of: row.start, in: timeZone)
    }

    /// Whether it is left out: KOReader's bundled guide, or opened for under a minute.
    var isLeftOut: Bool {
        title.trimmingCharacters(in: .whitespaces) == KOReaderReader.guideTitle
            || seconds < KOReaderReader.minimumSeconds
            || title.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// The book as the importer takes it, on `read` when finished and `currently-reading`
    /// otherwise; `nil` when it is left out.
    var imported: ImportedBook? {
        guard !isLeftOut else { return nil }
        let finished = finishedDay
        var book = ImportedBook(
            key: "koreader-\(id)", title: title.trimmingCharacters(in: .whitespaces),
            shelves: [finished == nil ? "currently-reading" : "read"])
        book.author = author
        book.pageCount = pages > 0 ? pages : nil
        book.readingFormat = .ebook
        book.dateRead = finished
        book.readDates = finished.map { [$0] } ?? []
        var clock = ReadingInterval.LocalClock(timeZone: timeZone)
        book.intervals = ReadingIntervals(rows.map { clock.interval(start: $0.start, seconds: $0.seconds) })
        if let first = rows.first, let finished {
            book.readStarts = [finished: Self.day(of: first.start, in: timeZone)]
        }
        return book
    }

    /// `start` (epoch seconds) as the day it was in `timeZone`.
    static func day(of start: Int64, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents(
            [.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(start)))
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
