/// Where everything goes in a collage image: a caption band, then a grid of equal cells.
public struct CollageLayout: Equatable, Sendable {
    public var count: Int
    public var columns: Int
    public var cellWidth = 200
    public var cellHeight = 300  // covers are about 2:3
    public var gap = 16
    public var margin = 24
    public var captionHeight = 64

    public init(count: Int, columns: Int) {
        self.count = max(0, count)
        self.columns = max(1, columns)
    }

    public var rows: Int { max(1, (count + columns - 1) / columns) }
    /// Columns actually used: a tag with fewer books than columns gets a narrower image.
    public var usedColumns: Int { max(1, min(columns, count)) }

    public var width: Int { 2 * margin + usedColumns * cellWidth + (usedColumns - 1) * gap }
    public var height: Int { margin + captionHeight + rows * cellHeight + (rows - 1) * gap + margin }

    /// The top-left corner of cell `index` (row-major).
    public func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
        let column = index % usedColumns, row = index / usedColumns
        return (margin + column * (cellWidth + gap), margin + captionHeight + row * (cellHeight + gap))
    }

    /// `width × height` scaled to fit a cell, keeping its aspect ratio.
    public func fitted(width: Int, height: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (cellWidth, cellHeight) }
        let scale = min(Double(cellWidth) / Double(width), Double(cellHeight) / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
