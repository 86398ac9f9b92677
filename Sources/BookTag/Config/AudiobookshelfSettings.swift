import Foundation

/// `audiobookshelf.*` in config.json: the reader's own server, their API token, and how often to ask.
public struct AudiobookshelfSettings: Equatable, Sendable {
    /// `audiobookshelf.token` (or `BOOKTAG_AUDIOBOOKSHELF_TOKEN`), without a leading `Bearer `: a
    /// secret, never printed, logged or recorded.
    public var token: String?
    /// `audiobookshelf.server`: the server a tag uses when none is named for it.
    public var server: String?
    /// `audiobookshelf.minRequestInterval`: seconds between API requests.
    public var minimumRequestInterval = 1.0
    /// `audiobookshelf.timeout`: seconds to wait for an answer.
    public var timeout = 30.0

    /// The defaults.
    public init() {}
}

extension AudiobookshelfSettings: SourcePacing {}
