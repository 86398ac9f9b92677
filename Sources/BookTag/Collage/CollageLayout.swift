/// How covers are placed: equal cells in a grid, or justified rows where each row's covers share
/// one height and span the width, every cover whole.
public enum CollageLayout: String, Sendable, Codable, CaseIterable {
    /// Equal cells in columns and rows.
    case grid
    /// Justified rows: each row's covers scaled to one height that fills the width, uncropped.
    case rows
}
