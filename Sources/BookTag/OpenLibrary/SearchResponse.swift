/// `/search.json` with `fields=key,title,author_name,cover_i,isbn`: the works a query matched.
struct SearchResponse: Decodable {
    var docs: [Lenient<SearchDoc>]
}

/// One work of a search answer: its cover and every ISBN of its editions.
struct SearchDoc: Decodable {
    var title: String?
    var authorNames: [String]
    /// `nil` (or not positive) when the work has no cover.
    var coverID: Int?
    var isbns: [String]

    private enum CodingKeys: String, CodingKey {
        case title
        case authorNames = "author_name"
        case coverID = "cover_i"
        case isbns = "isbn"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.lenient(String.self, forKey: .title)
        authorNames = container.lenient([String].self, forKey: .authorNames) ?? []
        coverID = container.lenient(Int.self, forKey: .coverID)
        isbns = container.lenient([String].self, forKey: .isbns) ?? []
    }
}
