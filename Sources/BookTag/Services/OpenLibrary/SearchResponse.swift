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
    /// The work, `/works/OL…W`.
    var key: String?
    /// The median page count of the work's editions.
    var pages: Int?

    private enum CodingKeys: String, CodingKey {
        case title
        case authorNames = "author_name"
        case coverID = "cover_i"
        case isbns = "isbn"
        case key
        case pages = "number_of_pages_median"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.lenient(String.self, forKey: .title)
        authorNames = container.lenient([String].self, forKey: .authorNames) ?? []
        coverID = container.lenient(Int.self, forKey: .coverID)
        isbns = container.lenient([String].self, forKey: .isbns) ?? []
        key = container.lenient(String.self, forKey: .key)
        pages = container.lenient(Int.self, forKey: .pages).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The Open Library work the document is.
    var work: BookID? {
        // BookID reads the `/works/` prefix as Open Library writes keys.
        guard let key, key.hasPrefix("/works/") else { return nil }
        return BookID(parsing: key).flatMap { $0.source == .openlibrary ? $0 : nil }
    }

    /// What a cover search keeps of the document: its cover, work and pages.
    var match: CoverSearch.Match? {
        guard let coverID, coverID > 0 else { return nil }
        return CoverSearch.Match(coverID: coverID, work: work, pages: pages, title: title, author: authorNames.first)
    }
}
