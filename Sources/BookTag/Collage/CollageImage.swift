import Foundation

/// A rendered collage image and how it was laid out.
public struct CollageImage: Sendable {
    /// The encoded image.
    public var data: Data
    /// Where everything was drawn.
    public var plan: CollagePlan
    /// Characters drawn as boxes because no installed font has them.
    public var missingGlyphs: MissingGlyphs?
    /// Where the time went.
    public var timings = CollageTimings()
}
