import Foundation

/// One cell of a collage: the cover image's bytes (`nil` when the file is gone) and the title
/// shown on a tile if the image cannot be drawn.
public struct CollageCover: Sendable {
    public var title: String
    public var image: Data?

    public init(title: String, image: Data?) {
        self.title = title
        self.image = image
    }
}
