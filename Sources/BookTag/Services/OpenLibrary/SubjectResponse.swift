/// `/subjects/{subject}.json`: how many works the subject has, and one page of them.
struct SubjectResponse: Decodable {
    var workCount: Int
    var works: [Lenient<SubjectWork>]

    private enum CodingKeys: String, CodingKey {
        case workCount = "work_count"
        case works
    }
}

/// One work of a subject page.
struct SubjectWork: Decodable {
    var key: String
    var title: String
    var authorNames: [String]
    /// `nil` (or not positive) when the work has no cover.
    var coverID: Int?
    var firstPublishYear: Int?

    private enum CodingKeys: String, CodingKey {
        case key, title, authors
        case coverID = "cover_id"
        case firstPublishYear = "first_publish_year"
    }

    private struct Author: Decodable {
        var name: String?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        title = try container.decode(String.self, forKey: .title)
        authorNames = (container.lenient([Lenient<Author>].self, forKey: .authors) ?? []).compactMap { $0.value?.name }
        coverID = container.lenient(Int.self, forKey: .coverID)
        firstPublishYear = container.lenient(Int.self, forKey: .firstPublishYear)
    }
}
