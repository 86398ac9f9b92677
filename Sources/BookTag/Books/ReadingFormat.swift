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

    /// LibraryThing's `Media`: `Paperback`, `Hardcover`, `Paper Book`, `Ebook`, `Audiobook`…;
    /// films and anything else are no reading format.
    public init?(libraryThing text: String) {
        let media = text.lowercased()
        if ["paperback", "hardcover", "paper book", "mass market paperback", "book"].contains(media) {
            self = .paper
        } else if media.contains("ebook") || media.contains("e-book") {
            self = .ebook
        } else if media.contains("audio") {
            self = .audio
        } else {
            return nil
        }
    }
}
