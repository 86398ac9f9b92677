/// How fast a book read, as StoryGraph's reader judged it (`Pace`).
public enum ReadingPace: String, Sendable, Codable, CaseIterable {
    case slow, medium, fast
}
