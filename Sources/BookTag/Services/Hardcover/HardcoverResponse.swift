import Foundation

/// Hardcover's answer to `HardcoverQuery.shelf`, as GraphQL sends it: `data` (or `null`) and
/// `errors`. Everything below `me` may be missing or `null`.
struct HardcoverResponse: Decodable {
    struct GraphQLError: Decodable {
        var message: String?
        var extensions: Extensions?

        struct Extensions: Decodable {
            var code: String?
        }
    }

    struct DataField: Decodable {
        var me: [User]?
    }

    struct User: Decodable {
        var userBooks: [UserBook]?

        enum CodingKeys: String, CodingKey {
            case userBooks = "user_books"
        }
    }

    struct UserBook: Decodable {
        var id: Int?
        var rating: Double?
        var lastReadDate: String?
        var reads: [Read]?
        var edition: Edition?
        var book: Book?

        enum CodingKeys: String, CodingKey {
            case id, rating, edition, book
            case lastReadDate = "last_read_date"
            case reads = "user_book_reads"
        }
    }

    struct Read: Decodable {
        var startedAt: String?
        var finishedAt: String?

        enum CodingKeys: String, CodingKey {
            case startedAt = "started_at"
            case finishedAt = "finished_at"
        }
    }

    struct Edition: Decodable {
        var pages: Int?
        var isbn10: String?
        var isbn13: String?

        enum CodingKeys: String, CodingKey {
            case pages
            case isbn10 = "isbn_10"
            case isbn13 = "isbn_13"
        }
    }

    struct Book: Decodable {
        var id: Int?
        var title: String?
        var releaseYear: Int?
        var pages: Int?
        var image: Image?
        var contributions: [Contribution]?

        enum CodingKeys: String, CodingKey {
            case id, title, pages, image, contributions
            case releaseYear = "release_year"
        }
    }

    struct Image: Decodable {
        var url: String?
    }

    struct Contribution: Decodable {
        var author: Author?
    }

    struct Author: Decodable {
        var name: String?
    }

    var data: DataField?
    var errors: [GraphQLError]?
    /// Hardcover's own errors outside GraphQL: `{"error": "invalid_token", "error_description"}`.
    var error: String?
    var errorDescription: String?

    enum CodingKeys: String, CodingKey {
        case data, errors, error
        case errorDescription = "error_description"
    }
}
