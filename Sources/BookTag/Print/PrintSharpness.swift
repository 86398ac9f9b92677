/// How sharp a print's covers will be: each placed cover's pixels per inch at the size the
/// paper gives it, counted as `pdfimages -list` counts them (the whole image's width over the
/// width it is drawn at, a cropped cover's cut edges included).
public struct PrintSharpness: Sendable, Equatable {
    /// Every placed cover's pixels per inch, rounded, in collage order.
    public var pixelsPerInch: [Int]

    /// The softest cover's.
    public var lowest: Int? { pixelsPerInch.min() }
    /// The middle cover's (the lower middle of an even count).
    public var median: Int? {
        guard !pixelsPerInch.isEmpty else { return nil }
        return pixelsPerInch.sorted()[(pixelsPerInch.count - 1) / 2]
    }
    /// Covers under ``PrintOptions/sharpPixelsPerInch``, which print visibly soft.
    public var soft: Int { pixelsPerInch.count { $0 < PrintOptions.sharpPixelsPerInch } }

    /// The resolution of an image `width` × `height` fitted to `frame`, in drawing units.
    static func pixelsPerInch(width: Int, height: Int, in frame: CollagePlan.Rect, fill: Bool) -> Int {
        let scale = CollageRenderer.scale(width: width, height: height, in: frame, fill: fill)
        return Int((PrintOptions.unitsPerInch / scale).rounded())
    }
}
