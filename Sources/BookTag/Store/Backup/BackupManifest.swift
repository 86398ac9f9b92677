import Foundation

/// The first thing a backup is checked by: `booktag-backup.json` inside it, naming every other
/// entry with its size and SHA-256, so `restore` refuses a file that was cut short, changed or
/// made by something else before it touches a home.
struct BackupManifest: Codable, Equatable {
    /// Its name inside the archive.
    static let entryName = "booktag-backup.json"
    /// `format`'s one value: not a booktag backup without it.
    static let formatName = "booktag-backup"
    /// The layout this booktag writes and reads; a later one is refused by name.
    static let currentVersion = 1

    struct File: Codable, Equatable {
        /// `data/…` (the store, `covers/…`, `collages/…`) or `config/…` (config.json, preferences.json).
        var path: String
        var size: Int64
        /// Lowercase hex.
        var sha256: String
    }

    var format = formatName
    var version = currentVersion
    /// The booktag that made it, for the reader's information.
    var booktag: String
    /// ISO 8601, UTC.
    var created: String
    var files: [File]

    /// Whether an entry's path is one a backup may hold: the store, a cover or collage file, or
    /// the two configuration files, in plain segments (nothing that could climb out of a home).
    static func isAllowed(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard
            parts.allSatisfy({ part in
                !part.isEmpty && part != "." && part != ".." && !part.hasPrefix(".")
                    && part.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" }
            })
        else { return false }
        switch (parts.first, parts.count) {
        case ("config", 2): return parts[1] == "config.json" || parts[1] == "preferences.json"
        case ("data", 2): return parts[1] == "booktag.sqlite"
        case ("data", 3...): return parts[1] == "covers" || parts[1] == "collages"
        default: return false
        }
    }
}
