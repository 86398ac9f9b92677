import Crypto
import Foundation

/// The reader's share links (`booktag share`, the tag page's "Share a link"): one per tag, kept in
/// the store so they survive restarts and travel in backups, and looked up for every request so
/// that a revoked one stops at once.
public struct ShareLinks: Sendable {
    /// The home's store.
    public let store: BookStore

    /// The links of `store`.
    public init(store: BookStore) {
        self.store = store
    }

    /// The tag's link: the one it has, else a new one whose page is in `language` (`made` says
    /// which).
    public func share(_ name: TagName, language: Language = .english) throws -> (link: ShareLink, made: Bool) {
        if let link = try store.shareLink(of: name) { return (link, false) }
        guard let link = try store.addShareLink(ShareLink.makeKey(), for: name, language: language, at: Date()) else {
            throw StoreError.tagNotFound(name.display)
        }
        return (link, true)
    }

    /// The tag's link, if it is shared.
    public func link(of name: TagName) throws -> ShareLink? { try store.shareLink(of: name) }

    /// Ends the tag's link; `false` when it had none.
    @discardableResult
    public func revoke(_ name: TagName) throws -> Bool { try store.removeShareLink(of: name) }

    /// Every link, by tag.
    public func list() throws -> [ShareLink] { try store.shareLinks() }

    /// The tag `key` shows, or nil. Every key kept is compared in full, by digest and without an
    /// early exit, so the time taken says nothing about how close a guess came.
    public func tag(forKey key: Substring) throws -> TagName? {
        try link(forKey: key).map { try TagName($0.tag) }
    }

    /// The link whose key is `key`, compared as `tag(forKey:)` says.
    public func link(forKey key: Substring) throws -> ShareLink? {
        let candidate = Array(SHA256.hash(data: Data(key.utf8)))
        var found: ShareLink?
        for link in try store.shareLinks() {
            let kept = Array(SHA256.hash(data: Data(link.key.utf8)))
            var difference: UInt8 = 0
            for index in kept.indices { difference |= kept[index] ^ candidate[index] }
            if difference == 0 { found = link }
        }
        guard let found, ShareLink.isKeyShaped(key) else { return nil }
        return found
    }
}
