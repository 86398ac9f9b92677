import Foundation

/// `hardcover.*` in config.json: the reader's personal token and where and how often to ask.
public struct HardcoverSettings: Equatable, Sendable {
    /// Hardcover's GraphQL endpoint.
    public static let defaultBaseURL = URL(string: "https://api.hardcover.app/v1/graphql")!

    /// `hardcover.token` (or `BOOKTAG_HARDCOVER_TOKEN`), without a leading `Bearer `: a secret, never
    /// printed, logged or recorded.
    public var token: String?
    /// `hardcover.baseURL`.
    public var baseURL = HardcoverSettings.defaultBaseURL
    /// `hardcover.minRequestInterval`: seconds between API requests (Hardcover allows 60 a minute).
    public var minimumRequestInterval = 1.0
    /// `hardcover.timeout`: seconds to wait for an answer (Hardcover ends a query at 30).
    public var timeout = 30.0

    /// The defaults.
    public init() {}
}
