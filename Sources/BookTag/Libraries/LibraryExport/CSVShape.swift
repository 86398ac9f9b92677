/// Measures a CSV file's fields and rows as its bytes go by, before CSV.swift (which holds a
/// whole field, and a whole row, in memory) reads any of them. Quoting is followed as RFC 4180
/// has it: a field that starts with `"` runs to the next lone `"`, line breaks included.
struct CSVShape {
    /// A field or row beyond `ExportLimits`, on `row` (the header is row 1, as a spreadsheet
    /// numbers them).
    enum Excess: Error, Equatable {
        case field(row: Int)
        case fields(row: Int)

        /// What the file has, for `ExportError.beyondLimit`.
        var description: String {
            switch self {
            case .field(let row):
                "a field of more than \(ExportLimits.describe(bytes: ExportLimits.fieldBytes)) in row \(GroupedNumber.text(row))"
            case .fields(let row):
                "more than \(GroupedNumber.text(ExportLimits.fieldsPerRow)) fields in row \(GroupedNumber.text(row))"
            }
        }
    }

    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted
    }

    private let delimiter: UInt8
    private var state = State.fieldStart
    private var fieldBytes = 0
    private var fields = 1
    private var row = 1

    init(delimiter: UInt8 = UInt8(ascii: ",")) {
        self.delimiter = delimiter
    }

    /// Takes the next bytes of the file.
    mutating func consume(_ bytes: some Sequence<UInt8>) throws(Excess) {
        for byte in bytes {
            switch state {
            case .fieldStart where byte == UInt8(ascii: "\""):
                state = .quoted
            case .quoted:
                if byte == UInt8(ascii: "\"") { state = .quoteInQuoted } else { try count() }
            case .quoteInQuoted where byte == UInt8(ascii: "\""):
                state = .quoted
                try count()
            case .fieldStart, .unquoted, .quoteInQuoted:
                if byte == delimiter {
                    fields += 1
                    fieldBytes = 0
                    state = .fieldStart
                    guard fields <= ExportLimits.fieldsPerRow else { throw .fields(row: row) }
                } else if byte == 0x0A {
                    fields = 1
                    fieldBytes = 0
                    row += 1
                    state = .fieldStart
                } else {
                    state = .unquoted
                    try count()
                }
            }
        }
    }

    private mutating func count() throws(Excess) {
        fieldBytes += 1
        guard fieldBytes <= ExportLimits.fieldBytes else { throw .field(row: row) }
    }
}
