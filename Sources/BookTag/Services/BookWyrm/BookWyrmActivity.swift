import Foundation

/// What a BookWyrm instance serves for a shelf as ActivityPub JSON: an `OrderedCollection` (a
/// `Shelf`) whose pages are `OrderedCollectionPage`s of `Edition`s, and the `Author`s those name
/// by URI. Field names are BookWyrm's serialiser's (`isbn13`, `cover`); the older snake-case ones
/// (`isbn_13`, `attachment`) are read too. Anything may be missing.
struct BookWyrmActivity: Decodable {
    var id: String?
    var type: String?
    var first: String?
    var next: String?
    var totalItems: Int?
    var orderedItems: [Edition]?
    /// An author's name.
    var name: String?

    struct Image: Decodable {
        var url: String?
    }

    struct Edition: Decodable {
        var id: String?
        var type: String?
        var title: String?
        var authors: [String]
        var cover: Image?
        var attachment: [Image]?
        var isbn13: String?
        var isbn10: String?
        var pages: Int?
        var publishedDate: String?

        enum CodingKeys: String, CodingKey {
            case id, type, title, authors, cover, attachment, isbn13, isbn10, pages, publishedDate
            case isbn13Snake = "isbn_13"
            case isbn10Snake = "isbn_10"
            case publishedDateSnake = "published_date"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func text(_ key: CodingKeys) -> String? {
                (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
            }
            id = text(.id)
            type = text(.type)
            title = text(.title)
            authors = ((try? container.decodeIfPresent([String].self, forKey: .authors)) ?? nil) ?? []
            cover = (try? container.decodeIfPresent(Image.self, forKey: .cover)) ?? nil
            attachment = (try? container.decodeIfPresent([Image].self, forKey: .attachment)) ?? nil
            isbn13 = text(.isbn13) ?? text(.isbn13Snake)
            isbn10 = text(.isbn10) ?? text(.isbn10Snake)
            pages = (try? container.decodeIfPresent(Int.self, forKey: .pages)) ?? nil
            publishedDate = text(.publishedDate) ?? text(.publishedDateSnake)
        }

        /// The cover's address: `cover.url`, else the first attachment's.
        var imageURL: String? { cover?.url ?? attachment?.first?.url }

        /// The year of `publishedDate` (`2020-09-15T00:00:00+00:00`).
        var year: Int? { publishedDate.flatMap { Int($0.prefix(4)) } }
    }
}
