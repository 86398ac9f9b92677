import Foundation

/// `goodreads.*` in config.json: the key and where and how often to ask.
public struct GoodreadsSettings: Equatable, Sendable {
    /// `goodreads.apiKey` (or `BOOKTAG_API_KEY`): never printed, logged or recorded.
    public var apiKey: String?
    /// `goodreads.baseURL` (or `BOOKTAG_BASE_URL`).
    public var baseURL = URL(string: "https://www.goodreads.com")!
    /// `goodreads.minRequestInterval`: seconds between API requests (1 or more for a host not on loopback).
    public var minimumRequestInterval = 1.0
    /// `goodreads.timeout`: seconds to wait for an answer before a request fails (API calls are then retried).
    public var timeout = 20.0

    /// The defaults.
    public init() {}
}
