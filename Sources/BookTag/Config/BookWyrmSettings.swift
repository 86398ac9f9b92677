/// `bookwyrm.*` in config.json: how often and how long to ask an instance.
public struct BookWyrmSettings: Equatable, Sendable {
    /// `bookwyrm.minRequestInterval`: seconds between requests to one instance.
    public var minimumRequestInterval = 1.0
    /// `bookwyrm.timeout`: seconds to wait for an answer.
    public var timeout = 20.0

    /// The defaults.
    public init() {}
}
