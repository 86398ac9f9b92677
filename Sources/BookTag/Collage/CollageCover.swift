import Foundation

/// One cover of a collage image: the image's bytes (`nil` when the file is gone) and what its
/// label and stand-in tile show.
public struct CollageCover: Sendable {
    public var title: String
    public var author: String?
    public var year: Int?
    public var rating: Double?
    public var image: Data?

    public init(title: String, author: String? = nil, year: Int? = nil, rating: Double? = nil, image: Data?) {
        self.title = title
        self.author = author
        self.year = year
        self.rating = rating
        self.image = image
    }

    /// The label's lines for `labels`: title, author, then year and rating on one line.
    func labelLines(_ labels: [CollageLabel]) -> [String] {
        var lines: [String] = []
        if labels.contains(.title) { lines.append(title) }
        if labels.contains(.author) { lines.append(author ?? "") }
        if labels.contains(.year) || labels.contains(.rating) {
            var parts: [String] = []
            if labels.contains(.year), let year { parts.append(String(year)) }
            if labels.contains(.rating), let rating, rating > 0 { parts.append("★ " + String(format: "%.2f", rating)) }
            lines.append(parts.joined(separator: " · "))
        }
        return lines
    }

    static func labelLineCount(_ labels: [CollageLabel]) -> Int {
        (labels.contains(.title) ? 1 : 0) + (labels.contains(.author) ? 1 : 0) + (labels.contains(.year) || labels.contains(.rating) ? 1 : 0)
    }
}
