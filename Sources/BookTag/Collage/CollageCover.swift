import Foundation

/// One cover of a collage image: its image (`nil` when the file is gone) and what its label and
/// stand-in tile show.
public struct CollageCover: Sendable {
    /// Where the cover's encoded image is: in memory, or in a file read only while the cover is
    /// measured and while it is drawn, so that a collage of a hundred stored covers holds a few
    /// of them at a time rather than all (a server importing draws one collage per tag).
    public enum Image: Sendable {
        /// Bytes already in hand (a gathering not stored yet).
        case bytes(Data)
        /// A cover file; one that is gone or unreadable draws a tile with the title.
        case file(URL)

        /// The encoded image; `nil` when the file cannot be read.
        public func data() -> Data? {
            switch self {
            case .bytes(let data): data
            case .file(let url): try? FileBytes.read(url)
            }
        }

        /// Its format and size, from the file's first bytes only: a collage measures every
        /// cover before it draws any.
        public func info() -> ImageInfo? {
            switch self {
            case .bytes(let data): ImageInfo(data)
            case .file(let url): (try? FileBytes.read(url, upTo: ImageInfo.headerBytes)).flatMap(ImageInfo.init)
            }
        }
    }

    /// The book's title, for its label and the image's description.
    public var title: String
    /// The first author, for a label.
    public var author: String?
    /// The publication year, for a label.
    public var year: Int?
    /// The average rating, for a label.
    public var rating: Double?
    /// The cover's image; `nil` draws a tile with the title.
    public var source: Image?

    /// The cover's bytes (read from its file, for a file); `nil` draws a tile with the title.
    public var image: Data? {
        get { source?.data() }
        set { source = newValue.map(Image.bytes) }
    }

    /// A cover with what its label may show.
    public init(title: String, author: String? = nil, year: Int? = nil, rating: Double? = nil, image: Data?) {
        self.init(title: title, author: author, year: year, rating: rating, source: image.map(Image.bytes))
    }

    /// A cover whose image is `source`: a file is read only while the cover is drawn.
    public init(title: String, author: String? = nil, year: Int? = nil, rating: Double? = nil, source: Image?) {
        self.title = title
        self.author = author
        self.year = year
        self.rating = rating
        self.source = source
    }

    /// The label's lines for `labels`: title, author, then year and rating on one line.
    func labelLines(_ labels: [CollageLabel], words: Words = .english) -> [String] {
        var lines: [String] = []
        if labels.contains(.title) { lines.append(title) }
        if labels.contains(.author) { lines.append(author ?? "") }
        if labels.contains(.year) || labels.contains(.rating) {
            var parts: [String] = []
            if labels.contains(.year), let year { parts.append(String(year)) }
            if labels.contains(.rating), let rating, rating > 0 { parts.append("★ " + words.decimal(rating)) }
            lines.append(parts.joined(separator: " · "))
        }
        return lines
    }

    static func labelLineCount(_ labels: [CollageLabel]) -> Int {
        (labels.contains(.title) ? 1 : 0) + (labels.contains(.author) ? 1 : 0)
            + (labels.contains(.year) || labels.contains(.rating) ? 1 : 0)
    }
}
