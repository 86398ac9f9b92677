import CSV
import Foundation

/// The one streaming reader of the services' CSV exports, with CSV.swift: a file is never in
/// memory at once, only the fields booktag keeps. Each format gives its columns and a column map
/// that turns a row's fields into an `ImportedBook` (or `nil`: a malformed row, counted).
///
/// CSV.swift rather than SwiftCSV: SwiftCSV parses a whole string it holds, CSV.swift reads an
/// `InputStream` and hands over one row at a time, with quoted commas, doubled quotes, line
/// breaks inside fields, CRLF line ends and a UTF-8 byte-order mark all handled.
public enum LibraryCSV {
    /// What a read found besides the rows.
    public struct Summary: Equatable, Sendable {
        /// Rows read as books.
        public var rows = 0
        /// Rows skipped: a wrong number of fields, no book id, or no title.
        public var malformed = 0
        /// Rows whose ISBN a spreadsheet turned into a number such as `9.78053E+12`.
        public var mangledISBNs = 0
        /// Books the file holds but the reader did not read (KOReader's own guide, a book opened
        /// for under a minute): counted in `rows`, never handed over.
        public var leftOut = 0
        /// Records of reading time skipped (KOReader): no seconds, more than a day, before 2000
        /// or in the future.
        public var skippedIntervals = 0

        /// A summary of `rows` books and `malformed` rows skipped.
        public init(rows: Int = 0, malformed: Int = 0, mangledISBNs: Int = 0) {
            self.rows = rows
            self.malformed = malformed
            self.mangledISBNs = mangledISBNs
        }
    }

    /// Reads `file` as `format`, which must have `requiredColumns`, handing each row `map` makes a
    /// book of to `body`, in file order.
    static func read(
        _ file: URL, format: LibraryFormat, requiredColumns: [String],
        map: (Columns, [String], inout Summary) -> ImportedBook?,
        _ body: (ImportedBook) throws -> Void
    ) throws -> Summary {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
            throw ExportError.cannotOpen(path: file.path, reason: "it is a folder")
        }
        guard ((attributes[.size] as? NSNumber)?.int64Value ?? 0) > 0 else { throw ExportError.empty(path: file.path) }
        var shape = CSVShape()
        do {
            guard try isUTF8(file, inspecting: { try shape.consume($0) }) else {
                throw ExportError.unreadableText(path: file.path)
            }
        } catch let excess as CSVShape.Excess {
            throw ExportError.beyondLimit(path: file.path, what: excess.description)
        }
        guard let stream = InputStream(url: file) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        return try read(stream, file: file, format: format, requiredColumns: requiredColumns, map: map, body)
    }

    /// Reads a small file that is not UTF-8 throughout (LibraryThing's old CSV): each byte that is
    /// not part of a UTF-8 character is read as ISO 8859-1, so a stray byte costs a letter, never
    /// a row. The file is read whole: these exports stopped in 2015, at a few thousand books.
    static func readRepairingText(
        _ file: URL, format: LibraryFormat, requiredColumns: [String],
        map: (Columns, [String], inout Summary) -> ImportedBook?,
        _ body: (ImportedBook) throws -> Void
    ) throws -> Summary {
        let data = try ExportLimits.readWhole(file)
        guard !data.isEmpty else { throw ExportError.empty(path: file.path) }
        let repaired = repairedUTF8(data)
        var shape = CSVShape()
        do {
            try shape.consume(repaired)
        } catch {
            throw ExportError.beyondLimit(path: file.path, what: error.description)
        }
        return try read(
            InputStream(data: repaired), file: file, format: format, requiredColumns: requiredColumns, map: map, body)
    }

    /// `data` with every byte outside a valid UTF-8 sequence replaced by its ISO 8859-1 character.
    static func repairedUTF8(_ data: Data) -> Data {
        if String(validating: data, as: UTF8.self) != nil { return data }
        var output = Data(capacity: data.count + data.count / 8)
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            let length =
                byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            if length > 0, index + length <= data.endIndex,
                String(validating: data[index..<index + length], as: UTF8.self) != nil
            {
                output.append(data[index..<index + length])
                index += length
            } else {
                output.append(contentsOf: String(UnicodeScalar(byte)).utf8)
                index += 1
            }
        }
        return output
    }

    private static func read(
        _ stream: InputStream, file: URL, format: LibraryFormat, requiredColumns: [String],
        map: (Columns, [String], inout Summary) -> ImportedBook?, _ body: (ImportedBook) throws -> Void
    ) throws -> Summary {
        let reader: CSVReader
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: true)
        } catch {
            throw ExportError.empty(path: file.path)
        }
        guard let header = reader.headerRow, !Self.failedToDecode(reader) else {
            throw ExportError.unreadableText(path: file.path)
        }
        let columns = Columns(header: header)
        let missing = requiredColumns.filter { columns.index[$0] == nil }
        guard missing.isEmpty else { throw ExportError.missingColumns(missing, path: file.path, format: format) }

        var summary = Summary()
        while let fields = reader.next() {
            if fields.count == 1, fields[0].isEmpty { continue }  // a blank line
            guard fields.count == header.count, let row = map(columns, fields, &summary) else {
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
    /// `inspecting` sees every chunk that is, in order, and may throw to stop the reading.
    static func isUTF8(_ file: URL, inspecting: ([UInt8]) throws -> Void = { _ in }) throws -> Bool {
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
            try inspecting(bytes)
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
        /// Fields in the header (more than `index` holds when a name is repeated).
        let width: Int

        init(header: [String]) {
            width = header.count
            var index: [String: Int] = [:]
            for (position, name) in header.enumerated() {
                // A byte-order mark the stream left in place is not part of the first name.
                // LibraryThing's old CSV quotes its names inside the quotes: `'TITLE'`.
                let trimmed = name.replacingOccurrences(of: "\u{FEFF}", with: "").trimmingCharacters(
                    in: CharacterSet(charactersIn: " '"))
                index[trimmed] = index[trimmed] ?? position
            }
            self.index = index
        }

        /// The field named `name`, trimmed (and a Goodreads `="…"` unwrapped); `nil` when empty.
        func field(_ name: String, in fields: [String]) -> String? {
            guard let position = index[name], position < fields.count else { return nil }
            let value = LibraryCSV.unwrap(fields[position])
            return value.isEmpty ? nil : value
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

    /// Reads the file's first line (at most 4 KiB), without a byte-order mark: what names its format.
    static func firstLine(of file: URL) throws -> String {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            throw ExportError.cannotOpen(path: file.path, reason: "no such file")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 4096)) ?? nil ?? Data()
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\u{FEFF}", with: "")
        return String(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
    }
}
