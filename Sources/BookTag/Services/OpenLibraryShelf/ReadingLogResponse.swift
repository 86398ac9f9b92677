/// `/people/{user}/books/{shelf}.json`: one page of a reader's public reading log, or the error
/// Open Library answers for a log that is private.
struct ReadingLogResponse: Decodable {
    var entries: [Lenient<ReadingLogEntry>]
    /// `{"error": "…"}`: the log is not public (or the shelf is not one).
    var error: String?

    private enum CodingKeys: String, CodingKey {
        case entries = "reading_log_entries"
        case error
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = container.lenient(String.self, forKey: .error)
        if error != nil {
            entries = []
        } else {
            entries = try container.decode([Lenient<ReadingLogEntry>].self, forKey: .entries)
        }
    }
}

/// One book of a reading log: the work as Open Library lists it and the day it was shelved.
struct ReadingLogEntry: Decodable {
    var key: String
    var title: String
    var authorNames: [String]
    /// `nil` (or not positive) when the work has no cover.
    var coverID: Int?
    var firstPublishYear: Int?
    /// `YYYY/MM/DD, HH:MM:SS`: when the reader put it on the shelf (Open Library keeps no finish date).
    var loggedDate: String?

    private enum CodingKeys: String, CodingKey {
        case work
        case loggedDate = "logged_date"
    }

    private enum WorkKeys: String, CodingKey {
        case key, title
        case authorNames = "author_names"
        case coverID = "cover_id"
        case firstPublishYear = "first_publish_year"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let work = try container.nestedContainer(keyedBy: WorkKeys.self, forKey: .work)
        key = try work.decode(String.self, forKey: .key)
        title = try work.decode(String.self, forKey: .title)
        authorNames = (work.lenient([Lenient<String>].self, forKey: .authorNames) ?? []).compactMap(\.value)
        coverID = work.lenient(Int.self, forKey: .coverID)
        firstPublishYear = work.lenient(Int.self, forKey: .firstPublishYear)
        loggedDate = container.lenient(String.self, forKey: .loggedDate)
    }

    /// `2021/08/24, 15:26:01` as `2021-08-24`.
    var loggedDay: String? {
        guard let loggedDate else { return nil }
        let parts = loggedDate.prefix(10).split(separator: "/").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return Reading.day(year: parts[0], month: parts[1], day: parts[2])
    }
}
