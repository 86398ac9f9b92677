/// `/books/OL…M.json` (what `/isbn/{isbn}.json` redirects to): one edition of a work.
struct EditionRecord: Decodable {
    var key: String
    var title: String?
    var works: [OpenLibraryReference]
    var authors: [OpenLibraryReference]
    var publishers: [String]
    var publishDate: String?
    var pageCount: Int?
    var isbn10: [String]
    var isbn13: [String]
    var covers: [Int]
    var description: OpenLibraryText?

    private enum CodingKeys: String, CodingKey {
        case key, title, works, authors, publishers, covers, description
        case publishDate = "publish_date"
        case pageCount = "number_of_pages"
        case isbn10 = "isbn_10"
        case isbn13 = "isbn_13"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        title = container.lenient(String.self, forKey: .title)
        works = container.lenient([OpenLibraryReference].self, forKey: .works) ?? []
        authors = container.lenient([OpenLibraryReference].self, forKey: .authors) ?? []
        publishers = container.lenient([String].self, forKey: .publishers) ?? []
        publishDate = container.lenient(String.self, forKey: .publishDate)
        pageCount = container.lenient(Int.self, forKey: .pageCount)
        isbn10 = container.lenient([String].self, forKey: .isbn10) ?? []
        isbn13 = container.lenient([String].self, forKey: .isbn13) ?? []
        covers = container.lenient([Int].self, forKey: .covers) ?? []
        description = container.lenient(OpenLibraryText.self, forKey: .description)
    }
}
