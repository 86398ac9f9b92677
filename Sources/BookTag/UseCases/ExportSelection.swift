import Foundation

/// Which tags an import makes from an export's rows, whichever service wrote it: one per shelf,
/// or, with a shelf, a year or a name, one tag of the matching rows.
public struct ExportSelection: Equatable, Sendable {
    /// The service that wrote the export, carried to each tag's origin.
    public var format: LibraryFormat
    /// `--shelf`.
    public var shelf: String?
    /// `--year`: books read that year.
    public var year: Int?
    /// `--tag`: the one tag's name.
    public var tagName: String?
    /// `--prefix`: put before every name made from a shelf or a year (not before `--tag`'s).
    public var prefix: String?

    /// A selection; with neither shelf nor year, a tag per shelf.
    public init(format: LibraryFormat = .goodreads, shelf: String? = nil, year: Int? = nil, tagName: String? = nil, prefix: String? = nil) {
        self.prefix = prefix.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
        self.format = format
        self.shelf = shelf?.trimmingCharacters(in: .whitespaces).lowercased()
        self.year = year
        self.tagName = tagName
    }

    /// Whether one tag is made (any filter or name given), rather than one per shelf.
    public var isFiltered: Bool { shelf != nil || year != nil || tagName != nil }

    /// One tag to make: its name, how it was made, and its rows in collage order.
    public struct Plan: Sendable {
        /// The tag's name.
        public var name: TagName
        /// How the tag was made, for `list` and `reroll`.
        public var origin: TagOrigin
        /// Its books, newest read first.
        public var rows: ImportedRows
    }

    /// The tags for `rows`. Rows are in `Date Read` order, newest first; rows not read yet follow,
    /// newest added first; ties keep the file's order. Shelves come in Goodreads' order (read,
    /// currently-reading, to-read), then the reader's own by name.
    public func plans(for rows: [ImportedBook]) throws(TagNameError) -> [Plan] {
        // Positions, not rows, are sorted and shared out: the rows are read once and not copied.
        guard rows.count <= Int(Int32.max) else { preconditionFailure("more rows than an export may have") }
        let ordered = rows.indices.sorted { a, b in
            let (x, y) = (rows[a], rows[b])
            if x.dateRead != y.dateRead { return (x.dateRead ?? "") > (y.dateRead ?? "") }
            if x.dateAdded != y.dateAdded { return (x.dateAdded ?? "") > (y.dateAdded ?? "") }
            return a < b
        }.map { Int32($0) }
        if isFiltered {
            let chosen = ordered.filter { position in
                let row = rows[Int(position)]
                return (shelf.map { row.shelves.contains($0) } ?? true) && (year.map(row.wasRead(in:)) ?? true)
            }
            let name = tagName ?? [prefix, shelf ?? (year != nil ? "read" : "books"), year.map(String.init)].compactMap { $0 }.joined(separator: " ")
            return [Plan(name: try TagName(name), origin: .export(format: format, shelf: shelf, year: year), rows: ImportedRows(rows, positions: chosen))]
        }
        var byShelf: [String: [Int32]] = [:]
        for position in ordered {
            for shelf in rows[Int(position)].shelves { byShelf[shelf, default: []].append(position) }
        }
        let standard = ["read", "currently-reading", "to-read"]
        let names = standard.filter { byShelf[$0] != nil } + byShelf.keys.filter { !standard.contains($0) }.sorted()
        var plans: [Plan] = []
        for shelf in names {
            plans.append(Plan(
                name: try TagName([prefix, shelf].compactMap { $0 }.joined(separator: " ")), origin: .export(format: format, shelf: shelf, year: nil),
                rows: ImportedRows(rows, positions: byShelf[shelf] ?? [])))
        }
        return plans
    }
}
