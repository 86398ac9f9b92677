import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Share links as the store keeps them: one per tag, a key no one guesses, gone with a revoke or
/// with the tag, kept when the store is opened again and when the home is backed up and restored.
@Suite struct ShareLinksTests {
    let search = SearchPosition(
        totalResults: 45, pageSize: 20, startPage: 1, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000))

    func store(_ home: TemporaryHome, tags: [String]) throws -> BookStore {
        let store = try BookStore.open(home: home.home)
        for (index, tag) in tags.enumerated() {
            try store.createTag(
                TagName(tag), source: .goodreads, books: SyntheticBooks.set(index + 1, idBase: 1_000_000 * (index + 1)),
                search: search)
        }
        return store
    }

    @Test func aTagHasOneLinkWithAKeyOfAtLeast128RandomBits() throws {
        let home = try TemporaryHome()
        let links = ShareLinks(store: try store(home, tags: ["Fantasy", "Horror"]))
        let (first, made) = try links.share(TagName("fantasy"))
        #expect(made && first.tag == "Fantasy" && first.path == "/s/" + first.key)
        // 24 characters of base64url: 144 bits.
        #expect(first.key.count == 24 && ShareLink.isKeyShaped(first.key[...]))
        let again = try links.share(TagName(" FANTASY "))
        #expect(again.link == first && !again.made, "sharing again gives the same link")
        let other = try links.share(TagName("Horror")).link
        #expect(other.key != first.key)
        #expect(try links.list().map(\.tag) == ["Fantasy", "Horror"])
        #expect(try links.tag(forKey: first.key[...]) == TagName("Fantasy"))
        #expect(try links.tag(forKey: other.key[...]) == TagName("Horror"))
        // A thousand keys share no prefix of more than a few characters: they are random, not counted.
        let keys = (0..<1000).map { _ in ShareLink.makeKey() }
        #expect(Set(keys).count == 1000 && keys.allSatisfy { ShareLink.isKeyShaped($0[...]) })
        #expect(Set(keys.map { $0.prefix(4) }).count > 990)
        #expect(throws: StoreError.self) { try links.share(TagName("nowhere")) }
    }

    @Test func wrongRevokedAndMisshapenKeysShowNothing() throws {
        let home = try TemporaryHome()
        let links = ShareLinks(store: try store(home, tags: ["Fantasy"]))
        let key = try links.share(TagName("Fantasy")).link.key
        var near = Array(key)
        near[23] = near[23] == "A" ? "B" : "A"
        for guess in [String(near), String(key.dropLast()), key + "A", key.uppercased(), "", "../" + key, key + "/"]
        where guess != key {
            #expect(try links.tag(forKey: guess[...]) == nil, "\(guess)")
        }
        #expect(try links.revoke(TagName("Fantasy")))
        #expect(try links.tag(forKey: key[...]) == nil)
        #expect(try links.revoke(TagName("Fantasy")) == false)
        #expect(try links.link(of: TagName("Fantasy")) == nil)
        let fresh = try links.share(TagName("Fantasy")).link
        #expect(fresh.key != key, "a tag shared again after a revoke gets a new key")
    }

    @Test func aLinkGoesWithItsTagAndStaysWhenTheStoreIsOpenedAgain() throws {
        let home = try TemporaryHome()
        let store = try store(home, tags: ["Fantasy", "Horror"])
        let links = ShareLinks(store: store)
        let kept = try links.share(TagName("Horror")).link
        let gone = try links.share(TagName("Fantasy")).link
        try store.removeTag(TagName("Fantasy"))
        #expect(try links.tag(forKey: gone.key[...]) == nil)
        let reopened = ShareLinks(store: try BookStore.open(home: home.home))
        #expect(try reopened.list() == [kept])
        // A tag made again under the name is not shared by the old link.
        try store.createTag(
            TagName("Fantasy"), source: .goodreads, books: SyntheticBooks.set(3, idBase: 5_000_000), search: search)
        #expect(try reopened.link(of: TagName("Fantasy")) == nil)
    }

    @Test func linksTravelInABackup() throws {
        let home = try TemporaryHome()
        let store = try store(home, tags: ["Fantasy"])
        let link = try ShareLinks(store: store).share(TagName("Fantasy")).link
        let out = try TemporaryHome()
        let file = out.folder.appendingPathComponent("backup.zip")
        _ = try HomeBackup(store: store).write(to: file)
        try ShareLinks(store: store).revoke(TagName("Fantasy"))
        let elsewhere = try TemporaryHome()
        try HomeRestore(home: elsewhere.home).restore(from: file, replace: false)
        let restored = ShareLinks(store: try BookStore.open(home: elsewhere.home))
        #expect(try restored.list() == [link])
        #expect(try restored.tag(forKey: link.key[...]) == TagName("Fantasy"))
    }
}
