import Foundation

/// One cover of a collage image: the image's bytes (`nil` when the file is gone) and what its
/// label and stand-in tile show.
public struct CollageCover: Sendable {
    /// The book's title, for its label and the image's description.
    public var title: String
    /// The first author, for a label.
    public var author: String?
    /// The publication year, for a label.
    public var year: Int?
    /// The average rating, for a label.
    public var rating: Double?
    /// The cover file's bytes; `nil` draws a tile with the title.
    public var image: Data?

    /// A cover with what its label may show.
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
