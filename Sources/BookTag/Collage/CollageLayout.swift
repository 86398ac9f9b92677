/// How covers are placed: equal cells in a grid, or justified rows where each row's covers share
/// one height and span the width, every cover whole.
public enum CollageLayout: String, Sendable, Codable, CaseIterable {
    case grid, rows
}
