/// The image formats a collage can be written in.
public enum CollageImageFormat: String, Sendable, CaseIterable {
    /// PNG, lossless.
    case png
    /// JPEG, at ``CollageOptions/jpegQuality``.
    case jpeg

    /// `png` or `jpg`.
    public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
}
