import Foundation

/// The one JSON encoding of every report, so `--json` and serve's API write the same documents.
public enum JSONReport {
    /// `value` as JSON: pretty for people (`--json`), compact for serve's API; keys sorted,
    /// dates in ISO 8601 (UTC).
    public static func encode(_ value: some Encodable, pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(iso8601(date))
        }
        return try encoder.encode(value)
    }

    /// `2026-11-24T09:02:25Z`, as `.iso8601` writes it, without a date formatter: `list --json`
    /// and `/api/tags` write one per tag, and the formatter cost more than the rest of a row.
    public static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return padded(parts.tm_year + 1900, 4) + "-" + padded(parts.tm_mon + 1, 2) + "-" + padded(parts.tm_mday, 2)
            + "T"
            + padded(parts.tm_hour, 2) + ":" + padded(parts.tm_min, 2) + ":" + padded(parts.tm_sec, 2) + "Z"
    }
}
