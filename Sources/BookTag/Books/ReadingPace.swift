/// How fast a book read, as StoryGraph's reader judged it (`Pace`).
public enum ReadingPace: String, Sendable, Codable, CaseIterable {
    /// A book that took its time.
    case slow
    /// Neither.
    case medium
    /// A book read in a rush.
    case fast
}
