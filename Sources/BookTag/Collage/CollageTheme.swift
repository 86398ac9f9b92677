/// Colours for a collage: a warm paper tone by day, a soft charcoal at night, each with
/// contrast enough for the caption and for the tiles that stand in for missing covers.
public struct CollageTheme: Equatable, Sendable {
    /// A colour in sRGB.
    public struct RGB: Equatable, Sendable {
        /// 0 to 255.
        public var red: Int
        /// 0 to 255.
        public var green: Int
        /// 0 to 255.
        public var blue: Int
        /// A colour from its three components, 0 to 255.
        public init(_ red: Int, _ green: Int, _ blue: Int) {
            self.red = red
            self.green = green
            self.blue = blue
        }
        /// `#rrggbb`, for CSS.
        public var hex: String { "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined() }
    }

    /// Behind the covers.
    public var background: RGB
    /// The caption and labels.
    public var text: RGB
    /// Counts, credits, axes.
    public var secondaryText: RGB
    /// A cover's cell, and a missing cover's tile.
    public var tile: RGB
    /// Bars of the charts, links.
    public var accent: RGB

    /// Light, for day.
    public static let day = CollageTheme(
        background: RGB(0xF4, 0xF0, 0xE8), text: RGB(0x2A, 0x27, 0x22), secondaryText: RGB(0x6B, 0x64, 0x58),
        tile: RGB(0xDD, 0xD5, 0xC6), accent: RGB(0x8C, 0x3B, 0x2E))
    /// Dark, for night mode.
    public static let night = CollageTheme(
        background: RGB(0x1B, 0x1E, 0x24), text: RGB(0xE9, 0xE6, 0xDF), secondaryText: RGB(0xA3, 0xA9, 0xB4),
        tile: RGB(0x2D, 0x32, 0x3C), accent: RGB(0xD9, 0x9A, 0x6C))

    /// ``night`` in night mode, else ``day``.
    public static func forNightMode(_ night: Bool) -> CollageTheme { night ? .night : .day }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
