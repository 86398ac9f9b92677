/// How a cover fills its cell: whole and letterboxed, or cropped about its centre to fill it.
public enum CollageFit: String, Sendable, Codable, CaseIterable {
    /// The whole cover inside its cell, centred; the cell's rest shows the background.
    case contain
    /// The cell filled, the cover cropped about its centre.
    case cover
}
