import Foundation

/// `openlibrary.*` in config.json: where to ask, who is asking, how often.
public struct OpenLibrarySettings: Equatable, Sendable {
    /// `openlibrary.baseURL`.
    public var baseURL = OpenLibraryClient.defaultBaseURL
    /// `openlibrary.coversURL`.
    public var coversURL = OpenLibraryClient.defaultCoversURL
    /// `openlibrary.contact`: an email or URL for Open Library to reach the user by; it goes into the User-Agent.
    public var contact: String?
    /// `openlibrary.minRequestInterval`: seconds between API requests.
    public var minimumRequestInterval = 1.0
    /// `openlibrary.timeout`: seconds to wait for an answer before a request fails.
    public var timeout = 20.0

    /// The defaults.
    public init() {}
}
