/// `/works/OL…W.json`: the work, which every edition belongs to.
struct WorkRecord: Decodable {
    var key: String
    var title: String?
    var authors: [OpenLibraryReference]
    var covers: [Int]
    var description: OpenLibraryText?
    var firstPublishDate: String?

    private enum CodingKeys: String, CodingKey {
        case key, title, authors, covers, description
        case firstPublishDate = "first_publish_date"
    }

    /// `{"author": {"key": …}, "type": …}`, as works list their authors.
    private struct Credit: Decodable {
        var author: OpenLibraryReference
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        title = container.lenient(String.self, forKey: .title)
        authors = (container.lenient([Lenient<Credit>].self, forKey: .authors) ?? []).compactMap { $0.value?.author }
        covers = container.lenient([Int].self, forKey: .covers) ?? []
        description = container.lenient(OpenLibraryText.self, forKey: .description)
        firstPublishDate = container.lenient(String.self, forKey: .firstPublishDate)
    }
}
