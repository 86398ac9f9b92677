import Foundation

/// A collage written: where, how it was drawn, and the characters no font could draw.
public struct CollageResult: Sendable {
    /// Where the collage was written.
    public var file: URL
    /// How it was drawn, as the store now records it.
    public var style: CollageStyle
    /// Text no installed font could draw, to warn about; `nil` when all was drawn.
    public var missingGlyphs: MissingGlyphs?
    /// Where the time went, for an image (`nil` for a page).
    public var timings: CollageTimings?
}
