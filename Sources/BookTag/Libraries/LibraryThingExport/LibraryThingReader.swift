import Foundation

/// Reads LibraryThing's TSV export: tab-separated, unquoted, one book a line. The file is not
/// UTF-8 as a whole (its library-catalogue fields can hold raw MARC-8 bytes), so each field is
/// decoded on its own, as UTF-8 or else byte for byte (ISO 8859-1): a stray byte costs a letter in
/// a subject booktag does not keep, never a row. Values come bracketed (`[0596101996]`,
/// `[2021-07-30]`), the primary author as `Last, First`, the reader's shelves as `Collections`.
public enum LibraryThingReader {
    /// The columns without which a file is not a LibraryThing export.
    public static let requiredColumns = ["Book Id", "Title", "Primary Author", "Collections"]

    /// Reads any of LibraryThing's exports, recognised by its first line: the TSV, the JSON
    /// (`LibraryThingJSONReader`) or the pre-2015 CSV (`LibraryThingLegacyReader`).
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        let line = try LibraryCSV.firstLine(of: file)
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("{") {
            return try LibraryThingJSONReader.read(file, body)
        }
        if LibraryThingLegacyReader.isHeader(line) { return try LibraryThingLegacyReader.read(file, body) }
        return try readTSV(file, body)
    }

    /// Reads the TSV export, handing each book to `body` in file order, a line at a time.
    static func readTSV(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        defer { try? handle.close() }
        var summary = LibraryCSV.Summary()
        var columns: LibraryCSV.Columns?
        var pending = Data()
        var number = 0
        func line(_ bytes: Data) throws {
            var bytes = bytes
            number += 1
            if bytes.last == 0x0D { bytes.removeLast() }
            let split = bytes.split(
                separator: 0x09, maxSplits: ExportLimits.fieldsPerRow, omittingEmptySubsequences: false)
            if split.count > ExportLimits.fieldsPerRow {
                throw ExportError.beyondLimit(
                    path: file.path,
                    what:
                        "more than \(GroupedNumber.text(ExportLimits.fieldsPerRow)) fields in line \(GroupedNumber.text(number))"
                )
            }
            if split.contains(where: { $0.count > ExportLimits.fieldBytes }) {
                throw ExportError.beyondLimit(
                    path: file.path,
                    what:
                        "a field of more than \(ExportLimits.describe(bytes: ExportLimits.fieldBytes)) in line \(GroupedNumber.text(number))"
                )
            }
            let fields = split.map(decode)
            guard let known = columns else {
                let header = LibraryCSV.Columns(header: fields)
                let missing = requiredColumns.filter { header.index[$0] == nil }
                guard missing.isEmpty else {
                    throw ExportError.missingColumns(missing, path: file.path, format: .librarything)
                }
                columns = header
                return
            }
            if fields.count == 1, fields[0].isEmpty { return }  // a blank line
            guard fields.count >= known.width, let book = book(known, fields) else {
                summary.malformed += 1
                return
            }
            summary.rows += 1
            try body(book)
        }
        while true {
            let chunk = (try? handle.read(upToCount: 1 << 16)) ?? nil
            guard let chunk, !chunk.isEmpty else { break }
            // Only the new bytes are searched, and the lines they end are dropped at once.
            var from = pending.endIndex
            pending.append(chunk)
            var start = pending.startIndex
            while let end = pending[from...].firstIndex(of: 0x0A) {
                try line(pending[start..<end])
                start = end + 1
                from = start
            }
            pending.removeSubrange(pending.startIndex..<start)
            if pending.count > ExportLimits.lineBytes {
                throw ExportError.beyondLimit(
                    path: file.path,
                    what:
                        "a line of more than \(ExportLimits.describe(bytes: ExportLimits.lineBytes)) (line \(GroupedNumber.text(number + 1)))"
                )
            }
        }
        if !pending.isEmpty { try line(pending) }
        guard columns != nil else { throw ExportError.empty(path: file.path) }
        return summary
    }

    /// A field as UTF-8, else byte for byte.
    static func decode(_ bytes: Data.SubSequence) -> String {
        String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
    }

    /// A line's book, or `nil` without a title.
    static func book(_ columns: LibraryCSV.Columns, _ fields: [String]) -> ImportedBook? {
        func field(_ name: String) -> String? {
            columns.field(name, in: fields).map(unbracket).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let title = field("Title"), let id = field("Book Id") else { return nil }
        var book = ImportedBook(key: id, title: title)
        book.author = field("Primary Author").map(firstLast)
        let isbns = ([field("ISBN")] + (field("ISBNs")?.components(separatedBy: ",") ?? [])).compactMap {
            $0.flatMap { try? ISBN($0.trimmingCharacters(in: .whitespaces)) }
        }
        book.isbn13 = isbns.first?.isbn13
        book.isbn10 = isbns.first?.isbn10
        book.stars = field("Rating").flatMap(Double.init).flatMap { (0.5...5).contains($0) ? $0 : nil }
        book.pageCount = field("Page Count").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
            $0 > 0 ? $0 : nil
        }
        book.yearPublished = field("Date").flatMap { Int($0.prefix(4)) }
        book.publisher = field("Publication").map { $0.components(separatedBy: " (").first ?? $0 }
        book.readingFormat = field("Media").flatMap(ReadingFormat.init(libraryThing:))
        book.dateRead = field("Date Read").flatMap(day)
        if let finish = book.dateRead, let start = field("Date Started").flatMap(day) {
            book.readStarts[finish] = start
        }
        book.dateAdded = field("Entry Date").flatMap(day)
        book.shelves = ImportedBook.shelfNames(
            (field("Collections")?.components(separatedBy: ",") ?? [])
                + (field("Tags")?.components(separatedBy: ",") ?? []))
        return book
    }

    /// `[0596101996]` as `0596101996`; other values as they are, trimmed.
    static func unbracket(_ value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else { return trimmed }
        return String(trimmed.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
    }

    /// `Flanagan, David` as `David Flanagan`; a name without a comma as it is.
    static func firstLast(_ name: String) -> String {
        let parts = name.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return parts.count == 2 && !parts[1].isEmpty ? "\(parts[1]) \(parts[0])" : name
    }

    /// `2021-07-30` as itself when it is a real day.
    static func day(_ text: String) -> String? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return Reading.day(year: parts[0], month: parts[1], day: parts[2])
    }
}
