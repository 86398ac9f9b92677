/// `/authors/OL…A.json`: only the name is used.
struct AuthorRecord: Decodable {
    var name: String?

    private enum CodingKeys: String, CodingKey {
        case name
        case personalName = "personal_name"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = container.lenient(String.self, forKey: .name) ?? container.lenient(String.self, forKey: .personalName)
    }
}
