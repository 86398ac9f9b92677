/// How a cover fills its cell: whole and letterboxed, or cropped about its centre to fill it.
public enum CollageFit: String, Sendable, Codable, CaseIterable {
    case contain, cover
}
