/// Some of an export's rows, in an order, without copies of them: every tag an import plans
/// shares the one array of rows read, and holds only its rows' positions in it (4 bytes a row,
/// where a copied row is some 400 bytes before its text).
public struct ImportedRows: RandomAccessCollection, Sendable {
    private let all: [ImportedBook]
    private let positions: [Int32]

    /// The rows of `all` at `positions`, in that order.
    init(_ all: [ImportedBook], positions: [Int32]) {
        self.all = all
        self.positions = positions
    }

    /// The first row's index: 0.
    public var startIndex: Int { 0 }
    /// Past the last row: the number of rows.
    public var endIndex: Int { positions.count }
    /// The row at `index` of these rows (not of the export).
    public subscript(index: Int) -> ImportedBook { all[Int(positions[index])] }
}
