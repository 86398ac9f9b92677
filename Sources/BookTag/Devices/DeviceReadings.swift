import Foundation
import GRDB

/// Every device's readings as one record: the union of what each device last sent, written as a
/// KOReader statistics database so that the one importer reads it as it reads a device's own
/// file. A book is the same on two devices when its file's partial MD5 is (else its title and
/// authors); a row is the same when its book, page and start are, and the longer one is kept,
/// since a device that was still on the page when it synced sent the row cut short.
struct DeviceReadings {
    let store: BookStore

    /// A book of the union: its first device's id is not kept, the union numbers its own.
    private struct Book {
        var id: Int64
        var title: String
        var authors: String?
        var pages: Int
        var md5: String?
        /// The start of its latest row: its page count is that device's (the font it is read in now).
        var latest: Int64 = .min
    }

    private struct RowKey: Hashable {
        var book: Int64
        var page: Int
        var start: Int64
    }

    /// Writes the union into a new file `file` in KOReader's schema (20221111); returns the
    /// number of books and rows written.
    @discardableResult
    func writeUnion(to file: URL) throws -> (books: Int, rows: Int) {
        var books: [Book] = []
        var byKey: [String: Int] = [:]
        var deviceBooks: [Int64: [Int64: (index: Int, pages: Int)]] = [:]
        var rows: [RowKey: (seconds: Int, totalPages: Int)] = [:]
        var order: [RowKey] = []
        try store.eachDeviceReading(
            books: { device, id, title, authors, pages, md5 in
                let digest = md5.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
                let key = digest.map { "md5:" + $0 } ?? "title:\(title)\u{1F}\(authors ?? "")"
                let index: Int
                if let known = byKey[key] {
                    index = known
                } else {
                    index = books.count
                    byKey[key] = index
                    books.append(
                        Book(id: Int64(index + 1), title: title, authors: authors, pages: pages, md5: digest))
                }
                deviceBooks[device, default: [:]][id] = (index, pages)
            },
            rows: { device, book, page, start, seconds, totalPages in
                guard let (index, pages) = deviceBooks[device]?[book] else { return }
                if start >= books[index].latest {
                    books[index].latest = start
                    books[index].pages = pages
                }
                let key = RowKey(book: books[index].id, page: page, start: start)
                if let kept = rows[key] {
                    if seconds > kept.seconds { rows[key] = (seconds, totalPages) }
                } else {
                    rows[key] = (seconds, totalPages)
                    order.append(key)
                }
            })
        try? FileManager.default.removeItem(at: file)
        let queue = try DatabaseQueue(path: file.path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: KOReaderSchema.sql)
            let insertBook = try db.makeStatement(
                sql: "INSERT INTO book (id, title, authors, pages, md5) VALUES (?, ?, ?, ?, ?)")
            for book in books {
                try insertBook.execute(arguments: [book.id, book.title, book.authors, book.pages, book.md5 ?? ""])
            }
            let insertRow = try db.makeStatement(sql: "INSERT INTO page_stat_data VALUES (?, ?, ?, ?, ?)")
            for key in order {
                let kept = rows[key]!
                try insertRow.execute(arguments: [key.book, key.page, key.start, kept.seconds, kept.totalPages])
            }
        }
        return (books.count, order.count)
    }
}
