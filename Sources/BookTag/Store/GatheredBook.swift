import Foundation

/// A search result chosen for a tag's set, with the bytes of its downloaded cover.
public struct GatheredBook: Sendable {
    public var work: SearchWork
    public var cover: Data

    public init(work: SearchWork, cover: Data) {
        self.work = work
        self.cover = cover
    }
}
