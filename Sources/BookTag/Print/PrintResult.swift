import Foundation

/// A print written: where, as what, and how sharp its covers will be.
public struct PrintResult: Sendable {
    /// The PDF, PNG or JPEG written.
    public var file: URL
    /// The paper and bleed it was made for.
    public var options: PrintOptions
    /// The covers' pixels per inch on that paper (PDF and image alike).
    public var sharpness: PrintSharpness
    /// Characters no installed font had, or why no text could be drawn.
    public var missingGlyphs: MissingGlyphs?
}
