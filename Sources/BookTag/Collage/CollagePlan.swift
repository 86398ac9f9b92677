/// Where everything goes in a collage image: the title band, each cover's frame and label, the
/// credit. Made by `CollagePlanner` from the covers' shapes and the options; drawn by
/// `CollageRenderer`.
public struct CollagePlan: Equatable, Sendable {
    /// A rectangle in the image, in whole pixels.
    public struct Rect: Equatable, Sendable {
        /// The left edge, in pixels from the image's left.
        public var x: Int
        /// The top edge, in pixels from the image's top.
        public var y: Int
        /// The width in pixels.
        public var width: Int
        /// The height in pixels.
        public var height: Int

        /// A rectangle in image pixels.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// The right edge (exclusive).
        public var maxX: Int { x + width }
        /// The bottom edge (exclusive).
        public var maxY: Int { y + height }
    }

    /// One cover's place.
    public struct Cell: Equatable, Sendable {
        /// Where the cover goes: with `contain` it is fitted inside and centred, with `cover`
        /// (and in justified rows, where frames have the cover's own shape) it fills the frame.
        public var frame: Rect
        /// The text under the cover, when labels were asked for.
        public var label: Rect?
    }

    /// The image's width in pixels.
    public var width: Int
    /// The image's height in pixels.
    public var height: Int
    /// One per cover, in collage order.
    public var cells: [Cell]
    /// The caption's box and the rule under it; `nil` without a title.
    public var title: Rect?
    /// The line under the caption; `nil` without a title.
    public var rule: Rect?
    /// The attribution's box, in the bottom margin.
    public var credit: Rect
    /// The band under the covers for the tag's numbers and charts; `nil` without `--stats`.
    public var stats: Rect? = nil
    /// Text sizes in pixels.
    public var titlePixels: Double
    /// The labels' text size in pixels.
    public var labelPixels: Double
    /// The credit's text size in pixels.
    public var creditPixels: Double
    /// Label lines under each cover.
    public var labelLines: Int
    /// Covers in the longest row, and rows: what was chosen.
    public var columns: Int
    /// Rows of covers.
    public var rows: Int
    /// Whether covers fill their frames (cropped) rather than fit inside them.
    public var fillsFrames: Bool
}

extension CollagePlan {
    /// The plan made for a print's content area, moved onto its whole page.
    func moved(to page: PrintPage) -> CollagePlan {
        func move(_ rect: Rect) -> Rect {
            Rect(x: rect.x + page.content.x, y: rect.y + page.content.y, width: rect.width, height: rect.height)
        }
        var plan = self
        plan.width = page.width
        plan.height = page.height
        plan.cells = cells.map { Cell(frame: move($0.frame), label: $0.label.map(move)) }
        plan.title = title.map(move)
        plan.rule = rule.map(move)
        plan.credit = move(credit)
        plan.stats = stats.map(move)
        return plan
    }
}
