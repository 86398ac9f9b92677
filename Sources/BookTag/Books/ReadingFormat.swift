/// How the reader read a book, as the services that record it say (StoryGraph's `Format`).
public enum ReadingFormat: String, Sendable, Codable, CaseIterable {
    /// Hardcover or paperback.
    case paper
    /// An ebook.
    case ebook
    /// An audiobook.
    case audio

    /// StoryGraph's `hardcover`, `paperback`, `digital`, `audio`; anything else is unknown.
    public init?(storyGraph text: String) {
        switch text.lowercased() {
        case "hardcover", "paperback": self = .paper
        case "digital", "ebook": self = .ebook
        case "audio", "audiobook": self = .audio
        default: return nil
        }
    }
}
