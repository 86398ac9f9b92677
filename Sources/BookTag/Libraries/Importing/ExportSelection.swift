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
    /// With a tag per shelf, also a tag per year a book was finished in, named by the prefix and
    /// the year ("koreader 2025"): what a device's sync keeps current.
    public var yearTags = false

    /// A selection; with neither shelf nor year, a tag per shelf.
    public init(
        format: LibraryFormat = .goodreads, shelf: String? = nil, year: Int? = nil, tagName: String? = nil,
        prefix: String? = nil
    ) {
        self.prefix = prefix.flatMap {
            $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces)
        }
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
        /// For a year's tag: the export's year before it and reads carried into it.
        public var yearContext: YearContext? = nil
    }

    /// The tags for `rows`. Rows are in `Date Read` order, newest first; rows not read yet follow,
    /// newest added first; ties keep the file's order. Shelves come in Goodreads' order (read,
    /// currently-reading, to-read), then the reader's own by name.
    public func plans(for rows: [ImportedBook]) throws -> [Plan] {
        var planner = Planner(self)
        for row in rows { planner.add(row) }
        return try planner.plans(of: ExportRows(rows))
    }

    /// Plans the tags while an export is read, a row at a time: of each row it keeps only its
    /// dates, and its position in the tags it goes to.
    struct Planner {
        private let selection: ExportSelection
        private var dates: [(read: String?, added: String?)] = []
        /// With a filter, the rows that pass it; otherwise the rows on each shelf.
        private var matching: [Int32] = []
        /// By each shelf's key (its name in lower case), and the name as the file first spelled it.
        private var byShelf: [String: [Int32]] = [:]
        private var spelling: [String: String] = [:]
        /// With a year, the export's year before it, of the rows on the shelf asked for.
        private var yearContext: YearContext.Tally?
        /// With `yearTags`, the rows finished in each year.
        private var byYear: [Int: [Int32]] = [:]

        init(_ selection: ExportSelection) {
            self.selection = selection
            yearContext = selection.year.map { YearContext.Tally(year: $0) }
        }

        /// Notes the next row of the file.
        mutating func add(_ row: ImportedBook) {
            guard dates.count < Int(Int32.max) else { preconditionFailure("more rows than an export may have") }
            let position = Int32(dates.count)
            dates.append((row.dateRead, row.dateAdded))
            if selection.isFiltered {
                let onShelf =
                    selection.shelf.map { wanted in row.shelves.contains { $0.lowercased() == wanted } } ?? true
                let kept = onShelf && (selection.year.map(row.wasRead(in:)) ?? true)
                if onShelf { yearContext?.add(row, kept: kept) }
                if kept { matching.append(position) }
            } else {
                for shelf in row.shelves {
                    let key = shelf.lowercased()
                    byShelf[key, default: []].append(position)
                    if spelling[key] == nil { spelling[key] = shelf }
                }
                if selection.yearTags {
                    let years = Set(row.readDates.compactMap { Int($0.prefix(4)) })
                    for year in years where AddRequest.yearRange.contains(year) && row.wasRead(in: year) {
                        byYear[year, default: []].append(position)
                    }
                }
            }
        }

        /// The tags, over `rows`: the rows noted, in the same order.
        func plans(of rows: ExportRows) throws -> [Plan] {
            precondition(rows.count == dates.count, "the rows noted")
            let selection = selection
            if selection.isFiltered {
                let name =
                    selection.tagName
                    ?? [
                        selection.prefix, selection.shelf ?? (selection.year != nil ? "read" : "books"),
                        selection.year.map(String.init),
                    ].compactMap { $0 }.joined(separator: " ")
                return [
                    Plan(
                        name: try TagName(name),
                        origin: .export(format: selection.format, shelf: selection.shelf, year: selection.year),
                        rows: ImportedRows(rows, positions: ordered(matching)), yearContext: yearContext?.result)
                ]
            }
            let standard = ["read", "currently-reading", "to-read"]
            let names = standard.filter { byShelf[$0] != nil } + byShelf.keys.filter { !standard.contains($0) }.sorted()
            var plans: [Plan] = []
            for shelf in names {
                plans.append(
                    Plan(
                        name: try TagName(
                            [selection.prefix, spelling[shelf] ?? shelf].compactMap { $0 }.joined(separator: " ")),
                        origin: .export(format: selection.format, shelf: shelf, year: nil),
                        rows: ImportedRows(rows, positions: ordered(byShelf[shelf] ?? []))))
            }
            // Newest year first; each with its year before, as `--year` gives it.
            for (year, positions) in byYear.sorted(by: { $0.key > $1.key }) {
                var tally = YearContext.Tally(year: year)
                let kept = Set(positions)
                for position in 0..<Int32(rows.count) {
                    tally.add(try rows.row(position), kept: kept.contains(position))
                }
                plans.append(
                    Plan(
                        name: try TagName([selection.prefix, String(year)].compactMap { $0 }.joined(separator: " ")),
                        origin: .export(format: selection.format, shelf: nil, year: year),
                        rows: ImportedRows(rows, positions: ordered(positions)), yearContext: tally.result))
            }
            return plans
        }

        /// Newest read first, then newest added, then the file's order.
        private func ordered(_ positions: [Int32]) -> [Int32] {
            positions.sorted { a, b in
                let (x, y) = (dates[Int(a)], dates[Int(b)])
                if x.read != y.read { return (x.read ?? "") > (y.read ?? "") }
                if x.added != y.added { return (x.added ?? "") > (y.added ?? "") }
                return a < b
            }
        }
    }
}
