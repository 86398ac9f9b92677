/// The image formats a collage can be written in.
public enum CollageImageFormat: String, Sendable, CaseIterable {
    case png, jpeg

    public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
}
