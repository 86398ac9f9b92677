import Foundation

/// The parts of Audiobookshelf's answers booktag reads (its API documentation's `User`, `Media
/// Progress`, `Playback Session` and `Library Item`); every field optional, so that a server of
/// another version still reads.
enum AudiobookshelfResponse {
    /// `GET /api/me`: the token's user. Its `token` field is never decoded.
    struct Me: Decodable {
        var id: String?
        var mediaProgress: [MediaProgress]?
    }

    /// How far the user is through one library item (or one podcast episode).
    struct MediaProgress: Decodable {
        var libraryItemId: String?
        var episodeId: String?
        var isFinished: Bool?
        /// Milliseconds since 1970.
        var finishedAt: Double?
        var duration: Double?
    }

    /// `GET /api/me/listening-sessions`: one page, 0-indexed.
    struct SessionsPage: Decodable {
        var total: Int?
        var numPages: Int?
        var sessions: [Session]?
    }

    /// One listening session.
    struct Session: Decodable {
        var libraryItemId: String?
        var episodeId: String?
        var mediaType: String?
        var mediaMetadata: Metadata?
        var displayTitle: String?
        var displayAuthor: String?
        /// The server's local day, `YYYY-MM-DD`.
        var date: String?
        /// Seconds listened.
        var timeListening: Double?
        /// Milliseconds since 1970.
        var startedAt: Double?
    }

    /// A book's metadata as sessions and items carry it.
    struct Metadata: Decodable {
        var title: String?
        var subtitle: String?
        var author: String?
        var authorName: String?
        var authors: [Author]?
        var isbn: String?
        var publishedYear: String?

        struct Author: Decodable {
            var name: String?
        }

        /// The authors' names, however this version of the server writes them.
        var authorNames: [String] {
            if let authors, !authors.isEmpty { return authors.compactMap(\.name) }
            let joined = authorName ?? author ?? ""
            return joined.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// `GET /api/items/{id}`: a library item, for a finished book no session names.
    struct Item: Decodable {
        var id: String?
        var mediaType: String?
        var media: Media?

        struct Media: Decodable {
            var metadata: Metadata?
        }
    }
}
