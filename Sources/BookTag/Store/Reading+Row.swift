import GRDB

extension Reading {
    /// The reader's record from a `book` row's columns (store v8; a v3 row's whole stars and
    /// one day are read as they are).
    init?(row: Row) {
        let stars: Double? = row["myStars"] ?? (row["myRating"] as Int?).map(Double.init)
        let days: String? = row["readDates"]
        let moods: String? = row["moods"]
        let starts: String? = row["readStarts"]
        let reading = Reading(
            stars: stars, dateRead: row["dateRead"], readDates: days.map(Self.list) ?? [],
            readStarts: starts.map(Self.starts) ?? [:],
            format: (row["readingFormat"] as String?).flatMap(ReadingFormat.init(rawValue:)),
            moods: moods.map(Self.list) ?? [],
            pace: (row["pace"] as String?).flatMap(ReadingPace.init(rawValue:)))
        guard !reading.isEmpty else { return nil }
        self = reading
    }

    /// The columns of `reading` (all `NULL` for none).
    static func encode(_ reading: Reading?, to container: inout PersistenceContainer) {
        container["myRating"] = reading?.rating
        container["myStars"] = reading?.stars
        container["dateRead"] = reading?.dateRead
        container["readDates"] = reading.flatMap { $0.readDates.isEmpty ? nil : $0.readDates.joined(separator: ",") }
        container["readStarts"] = reading.flatMap { Self.storedStarts($0.readStarts) }
        container["readingFormat"] = reading?.format?.rawValue
        container["moods"] = reading.flatMap { $0.moods.isEmpty ? nil : $0.moods.joined(separator: ",") }
        container["pace"] = reading?.pace?.rawValue
    }

    /// `start/finish,start/finish` as each finish's start.
    static func starts(_ text: String) -> [String: String] {
        var starts: [String: String] = [:]
        for pair in text.split(separator: ",") {
            let days = pair.split(separator: "/")
            if days.count == 2 { starts[String(days[1])] = String(days[0]) }
        }
        return starts
    }

    /// The stored form of `starts`, oldest finish first; `nil` for none.
    static func storedStarts(_ starts: [String: String]) -> String? {
        starts.isEmpty ? nil : starts.sorted { $0.key < $1.key }.map { "\($0.value)/\($0.key)" }.joined(separator: ",")
    }

    /// `a,b,c` as its parts; moods hold no comma (StoryGraph separates them with one).
    static func list(_ text: String) -> [String] {
        text.utf8.contains(UInt8(ascii: ","))
            ? text.split(separator: ",").map(String.init) : (text.isEmpty ? [] : [text])
    }
}
