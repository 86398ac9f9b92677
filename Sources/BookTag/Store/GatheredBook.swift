import Foundation

/// A search result chosen for a tag's set, with the bytes of its downloaded cover.
public struct GatheredBook: Sendable {
    /// What the source said of the book.
    public var work: SearchWork
    /// Its cover, checked to be a real image.
    public var cover: Data
    /// Whether the cover was drawn (`DrawnCover`): a reader's book with none anywhere.
    public var drawn: Bool

    /// A book and its cover.
    public init(work: SearchWork, cover: Data, drawn: Bool = false) {
        self.work = work
        self.cover = cover
        self.drawn = drawn
    }
}
