/// Some of an export's rows, in an order, without copies of them: every tag an import plans
/// shares the export's rows and holds only its rows' positions (4 bytes a row). A row is read
/// when it is asked for, from the import's scratch file.
public struct ImportedRows: Sendable {
    let export: ExportRows
    private let positions: [Int32]

    /// The rows of `export` at `positions`, in that order.
    init(_ export: ExportRows, positions: [Int32]) {
        self.export = export
        self.positions = positions
    }

    /// The number of rows.
    public var count: Int { positions.count }
    /// Whether there is none.
    public var isEmpty: Bool { positions.isEmpty }

    /// The row at `index` of these rows (not of the export).
    public func row(_ index: Int) throws -> ImportedBook { try export.row(positions[index]) }

    /// Every row, in order: for a few (a report, a test), as each is read from the scratch file.
    public func all() throws -> [ImportedBook] { try positions.map { try export.row($0) } }

    /// The book of the row at `index`: the same for every row with its key, across every tag of
    /// the export.
    func book(_ index: Int) -> Int32 { export.book(positions[index]) }
}
