/// What `booktag collage` can write.
public enum CollageFormat: String, Sendable, CaseIterable, Codable {
    case png, jpeg, html

    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .html: "html"
        }
    }

    var imageFormat: CollageImageFormat? {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        case .html: nil
        }
    }
}
