import CSV
import Foundation

/// Reads a Goodreads library export (`goodreads_library_export.csv`) row by row with CSV.swift,
/// from a stream: a 20,000-row file is never in memory at once, only the fields booktag keeps.
///
/// CSV.swift rather than SwiftCSV: SwiftCSV parses a whole string it holds, CSV.swift reads an
/// `InputStream` and hands over one row at a time, with quoted commas, doubled quotes, line
/// breaks inside fields, CRLF line ends and a UTF-8 byte-order mark all handled.
public enum ExportReader {
    /// The columns without which a file is not an export.
    public static let requiredColumns = ["Book Id", "Title", "Author", "ISBN", "ISBN13", "Date Read", "Bookshelves", "Exclusive Shelf"]

    /// What a read found besides the rows.
    public struct Summary: Equatable, Sendable {
        /// Rows read as books.
        public var rows = 0
        /// Rows skipped: a wrong number of fields, no book id, or no title.
        public var malformed = 0
    }

    /// Reads `file`, handing each well-formed row to `body` in file order.
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> Summary {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
            throw ExportError.cannotOpen(path: file.path, reason: "it is a folder")
        }
        guard ((attributes[.size] as? NSNumber)?.int64Value ?? 0) > 0 else { throw ExportError.empty(path: file.path) }
        guard try isUTF8(file) else { throw ExportError.unreadableText(path: file.path) }
        guard let stream = InputStream(url: file) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        let reader: CSVReader
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: true)
        } catch {
            throw ExportError.empty(path: file.path)
        }
        guard let header = reader.headerRow, !Self.failedToDecode(reader) else { throw ExportError.unreadableText(path: file.path) }
        let columns = Columns(header: header)
        let missing = requiredColumns.filter { columns.index[$0] == nil }
        guard missing.isEmpty else { throw ExportError.missingColumns(missing, path: file.path) }

        var summary = Summary()
        while let fields = reader.next() {
            if fields.count == 1, fields[0].isEmpty { continue }  // a blank line
            guard fields.count == header.count, let row = columns.row(from: fields) else {
                summary.malformed += 1
                continue
            }
            summary.rows += 1
            try body(row)
        }
        if Self.failedToDecode(reader) { throw ExportError.unreadableText(path: file.path) }
        return summary
    }

    /// Whether the file is UTF-8 throughout, read a megabyte at a time. (CSV.swift stops a row at
    /// a byte it cannot decode and goes on, so a file in another encoding would lose rows
    /// silently instead of being refused.)
    static func isUTF8(_ file: URL) throws -> Bool {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: file)
        } catch {
            throw ExportError.cannotOpen(path: file.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        var carry: [UInt8] = []
        while true {
            let chunk = (try? handle.read(upToCount: 1 << 20)) ?? nil
            guard let chunk, !chunk.isEmpty else { return carry.isEmpty }
            var bytes = carry + chunk
            // Keep an unfinished character at the end for the next chunk.
            var cut = bytes.count
            var back = 0
            while back < 3, cut > 0, bytes[cut - 1] & 0xC0 == 0x80 {
                cut -= 1
                back += 1
            }
            if cut > 0 {
                let lead = bytes[cut - 1]
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                cut = length > back + 1 ? cut - 1 : bytes.count
            }
            carry = Array(bytes[cut...])
            bytes.removeSubrange(cut...)
            guard String(validating: bytes, as: UTF8.self) != nil else { return false }
        }
    }

    /// Whether the reader stopped on bytes that are not UTF-8. (At the end of a file CSV.swift
    /// records `cannotReadFile` on Linux, where a file stream reports bytes available at its end.)
    private static func failedToDecode(_ reader: CSVReader) -> Bool {
        if case CSVError.unicodeDecoding? = reader.error { return true }
        return false
    }

    /// Where each column is, by name.
    struct Columns {
        let index: [String: Int]

        init(header: [String]) {
            var index: [String: Int] = [:]
            for (position, name) in header.enumerated() {
                // A byte-order mark the stream left in place is not part of the first name.
                let trimmed = name.replacingOccurrences(of: "\u{FEFF}", with: "").trimmingCharacters(in: .whitespaces)
                index[trimmed] = index[trimmed] ?? position
            }
            self.index = index
        }

        func row(from fields: [String]) -> ImportedBook? {
            func field(_ name: String) -> String? {
                guard let position = index[name] else { return nil }
                let value = ExportReader.unwrap(fields[position])
                return value.isEmpty ? nil : value
            }
            guard let id = field("Book Id").flatMap(Int.init), id > 0,
                let title = field("Title")?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty
            else { return nil }
            var row = ImportedBook(key: String(id), identity: .goodreads(id), title: title)
            row.author = field("Author")
            let isbn13 = field("ISBN13").flatMap { try? ISBN($0) }
            let isbn10 = field("ISBN").flatMap { try? ISBN($0) }
            row.isbn13 = isbn13?.isbn13 ?? isbn10?.isbn13
            row.isbn10 = isbn10?.isbn10 ?? isbn13?.isbn10
            row.myRating = field("My Rating").flatMap(Int.init).flatMap { (1...5).contains($0) ? $0 : nil }
            row.averageRating = field("Average Rating").flatMap(Double.init)
            row.publisher = field("Publisher")
            row.pageCount = field("Number of Pages").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
            row.yearPublished = field("Year Published").flatMap(Int.init)
            row.originalPublicationYear = field("Original Publication Year").flatMap(Int.init)
            row.dateRead = field("Date Read").flatMap(ExportReader.day)
            row.dateAdded = field("Date Added").flatMap(ExportReader.day)
            var shelves: [String] = []
            for shelf in [field("Exclusive Shelf")].compactMap({ $0 }) + (field("Bookshelves")?.split(separator: ",").map(String.init) ?? []) {
                let name = shelf.trimmingCharacters(in: .whitespaces).lowercased()
                if !name.isEmpty, !shelves.contains(name) { shelves.append(name) }
            }
            row.shelves = shelves
            return row
        }
    }

    /// A field as written: Goodreads writes ISBNs as a spreadsheet formula, `="0441172717"`.
    static func unwrap(_ field: String) -> String {
        var value = Substring(field.trimmingCharacters(in: .whitespaces))
        if value.hasPrefix("=\""), value.hasSuffix("\""), value.count >= 3 {
            value = value.dropFirst(2).dropLast()
        }
        return String(value)
    }

    /// `2025/03/14` (Goodreads' form) or `2025-03-14` as `2025-03-14`.
    static func day(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" })
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return Reading.day(year: year, month: month, day: day)
    }
}
