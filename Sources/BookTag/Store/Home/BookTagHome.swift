import Foundation

/// Where booktag keeps its files.
///
/// With `BOOKTAG_HOME` (or `--home`) everything lives in one folder, which is what tests and
/// people with several collections want. Otherwise configuration follows the XDG base
/// directories (`$XDG_CONFIG_HOME/booktag`) and data does too (`$XDG_DATA_HOME/booktag`).
public struct BookTagHome: Sendable, Equatable {
    /// Holds `config.json` and `preferences.json`.
    public let configFolder: URL
    /// Holds the store, `covers/` and `collages/`.
    public let dataFolder: URL

    /// A home with its config and data apart (the XDG layout) or together.
    public init(configFolder: URL, dataFolder: URL) {
        self.configFolder = Self.standardized(configFolder)
        self.dataFolder = Self.standardized(dataFolder)
    }

    /// `folder` without `.` and `..` in its path. Foundation's `standardizedFileURL` parses the
    /// URL again and builds a set on its first call, at every command's start; a plain absolute
    /// path, which it would give back unchanged, is not handed to it (`HomeTests` compares both).
    static func standardized(_ folder: URL) -> URL {
        let path = folder.path
        guard folder.isFileURL, folder.baseURL == nil, path.hasPrefix("/"), !path.contains("//"),
            !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." })
        else { return folder.standardizedFileURL }
        return folder
    }

    /// Everything in one folder.
    public init(folder: URL) {
        self.init(configFolder: folder, dataFolder: folder)
    }

    /// The home an invocation uses: `explicit` (from `--home`), else `BOOKTAG_HOME`, else XDG.
    public static func resolve(
        explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> BookTagHome {
        if let folder = explicit ?? environment["BOOKTAG_HOME"], !folder.isEmpty {
            return BookTagHome(folder: URL(fileURLWithPath: folder, isDirectory: true))
        }
        let userHome =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        func xdg(_ variable: String, _ fallback: String) -> URL {
            // The XDG spec says relative values are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return userHome.appendingPathComponent(fallback, isDirectory: true)
        }
        return BookTagHome(
            configFolder: xdg("XDG_CONFIG_HOME", ".config").appendingPathComponent("booktag", isDirectory: true),
            dataFolder: xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("booktag", isDirectory: true))
    }

    /// `config.json`.
    public var configFile: URL { configFolder.appendingPathComponent("config.json") }
    /// `preferences.json` (night mode).
    public var preferencesFile: URL { configFolder.appendingPathComponent("preferences.json") }
    /// The token `serve` asks for, kept so a phone's saved app survives a restart (user-only).
    public var serveTokenFile: URL { configFolder.appendingPathComponent("serve-token") }
    /// Held by the one `serve` of this home, and holding its address.
    public var serveLockFile: URL { configFolder.appendingPathComponent(".serve.lock") }
    /// The store's SQLite file.
    public var databaseFile: URL { dataFolder.appendingPathComponent("booktag.sqlite") }
    /// Cover files, by their SHA-256.
    public var coversFolder: URL { dataFolder.appendingPathComponent("covers", isDirectory: true) }
    /// Collages and the gallery.
    public var collagesFolder: URL { dataFolder.appendingPathComponent("collages", isDirectory: true) }
    /// Caches that libraries booktag uses would otherwise write elsewhere (fontconfig's).
    public var cacheFolder: URL { dataFolder.appendingPathComponent("cache", isDirectory: true) }
    /// Library exports sent to `serve`, each kept only while it is imported.
    public var uploadsFolder: URL { dataFolder.appendingPathComponent("uploads", isDirectory: true) }
    /// Taken shared while cover files are written and committed, exclusively to sweep them.
    var coversLockFile: URL { dataFolder.appendingPathComponent(".covers.lock") }

    /// Creates the folders booktag writes to, user-only (0700). Existing folders are left as
    /// they are: a user who opened them up did so on purpose.
    public func createFolders() throws {
        for folder in [configFolder, dataFolder, coversFolder, collagesFolder] {
            try Self.createFolder(folder)
        }
    }

    /// Creates `folder` user-only (0700), with its parents, unless it exists.
    public static func createFolder(_ folder: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw CocoaError(
                    .fileWriteFileExists,
                    userInfo: [NSLocalizedDescriptionKey: "\(folder.path) exists and is not a folder"])
            }
            return
        }
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
