/// How `add` and `reroll` render the collage they make (from config.json and night mode).
public struct CollageOptions: Sendable, Equatable {
    public var format: CollageFormat
    public var columns: Int
    public var nightMode: Bool

    public init(format: CollageFormat = .png, columns: Int = 4, nightMode: Bool = false) {
        self.format = format
        self.columns = columns
        self.nightMode = nightMode
    }
}
