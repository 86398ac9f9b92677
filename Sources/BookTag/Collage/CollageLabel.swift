/// Text under each cover in a collage image.
public enum CollageLabel: String, Sendable, Codable, CaseIterable {
    /// The book's title.
    case title
    /// Its first author.
    case author
    /// Its original publication year.
    case year
    /// Its average rating, as stars and a number.
    case rating

    /// A comma-separated list (`title,author,year`), in any order, each name once; shown in the
    /// order of `allCases`. `none` or an empty list means no labels.
    public static func parseList(_ text: String) throws(CollageOptionError) -> [CollageLabel] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter {
            !$0.isEmpty
        }
        if names == ["none"] { return [] }
        var chosen = Set<CollageLabel>()
        for name in names {
            guard let label = CollageLabel(rawValue: name) else { throw .unknownLabel(name) }
            chosen.insert(label)
        }
        return allCases.filter(chosen.contains)
    }
}
