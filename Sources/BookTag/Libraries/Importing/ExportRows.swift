import Foundation

/// An export's rows as read, in the file's order: written to a scratch file as they are read
/// (an import then holds 4 bytes a row, not the row: docs/performance.md), or kept in memory
/// for rows a caller already holds. Rows with one key are one book; `book(_:)` names it by the
/// first of them.
final class ExportRows: Sendable {
    private enum Storage: Sendable {
        case memory([ImportedBook])
        case spilled(RecordSpill<ImportedBook>)
    }

    private let storage: Storage
    /// For each row, the position of the first row with its key.
    private let firsts: [Int32]

    /// Rows held in memory.
    init(_ rows: [ImportedBook]) {
        guard rows.count <= Int(Int32.max) else { preconditionFailure("more rows than an export may have") }
        var writer = Writer()
        for row in rows { writer.note(row.key) }
        storage = .memory(rows)
        firsts = writer.firsts
    }

    private init(spill: RecordSpill<ImportedBook>, firsts: [Int32]) {
        storage = .spilled(spill)
        self.firsts = firsts
    }

    /// The number of rows.
    var count: Int { firsts.count }

    /// The row at `position` in the file.
    func row(_ position: Int32) throws -> ImportedBook {
        switch storage {
        case .memory(let rows): rows[Int(position)]
        case .spilled(let spill): try spill.record(position)
        }
    }

    /// The book of the row at `position`: the first row with its key.
    func book(_ position: Int32) -> Int32 { firsts[Int(position)] }

    /// Writes rows to a scratch file as a reader hands them over.
    struct Writer {
        private var spill: RecordSpill<ImportedBook>?
        fileprivate var firsts: [Int32] = []
        /// Read once, while reading: the first row of each key.
        private var firstByKey: [String: Int32] = [:]

        fileprivate init() {}

        /// A writer whose scratch file is in `folder`.
        init(spillingIn folder: URL) throws {
            spill = try RecordSpill(in: folder)
        }

        /// Writes `row`; returns its position.
        @discardableResult
        mutating func append(_ row: ImportedBook) throws -> Int32 {
            guard let spill else { preconditionFailure("a writer in memory takes keys only") }
            try spill.append(row)
            return note(row.key)
        }

        @discardableResult
        fileprivate mutating func note(_ key: String) -> Int32 {
            let position = Int32(firsts.count)
            firsts.append(firstByKey[key, default: position])
            if firstByKey[key] == nil { firstByKey[key] = position }
            return position
        }

        /// The rows written.
        consuming func finish() -> ExportRows {
            guard let spill else { preconditionFailure("a writer in memory takes keys only") }
            return ExportRows(spill: spill, firsts: firsts)
        }
    }
}
