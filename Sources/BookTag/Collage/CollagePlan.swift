/// Where everything goes in a collage image: the title band, each cover's frame and label, the
/// credit. Made by `CollagePlanner` from the covers' shapes and the options; drawn by
/// `CollageRenderer`.
public struct CollagePlan: Equatable, Sendable {
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public var maxX: Int { x + width }
        public var maxY: Int { y + height }
    }

    public struct Cell: Equatable, Sendable {
        /// Where the cover goes: with `contain` it is fitted inside and centred, with `cover`
        /// (and in justified rows, where frames have the cover's own shape) it fills the frame.
        public var frame: Rect
        /// The text under the cover, when labels were asked for.
        public var label: Rect?
    }

    public var width: Int
    public var height: Int
    public var cells: [Cell]
    /// The caption's box and the rule under it; `nil` without a title.
    public var title: Rect?
    public var rule: Rect?
    /// The attribution's box, in the bottom margin.
    public var credit: Rect
    /// The band under the covers for the tag's numbers and charts; `nil` without `--stats`.
    public var stats: Rect? = nil
    /// Text sizes in pixels.
    public var titlePixels: Double
    public var labelPixels: Double
    public var creditPixels: Double
    /// Label lines under each cover.
    public var labelLines: Int
    /// Covers in the longest row, and rows: what was chosen.
    public var columns: Int
    public var rows: Int
    /// Whether covers fill their frames (cropped) rather than fit inside them.
    public var fillsFrames: Bool
}
