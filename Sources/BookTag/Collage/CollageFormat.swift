/// What `booktag collage` can write.
public enum CollageFormat: String, Sendable, CaseIterable, Codable {
    /// A PNG image: lossless, for sharing and printing.
    case png
    /// A JPEG image: smaller, for wallpapers and phones.
    case jpeg
    /// One page with the covers beside it, each opening the book's details.
    case html

    /// `png`, `jpg` or `html`.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .html: "html"
        }
    }

    /// The image format, or `nil` for HTML.
    public var imageFormat: CollageImageFormat? {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .html: nil
        }
    }
}
