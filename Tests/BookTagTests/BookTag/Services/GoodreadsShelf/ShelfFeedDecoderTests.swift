import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Goodreads shelf feeds through the hardened XML layer: genuine feeds (`fixtures/recorded`) and
/// synthetic ones with the oddities feeds in the wild have.
struct ShelfFeedDecoderTests {
    static func recorded(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.recordedGoodreads.appendingPathComponent("rss/\(name)"))
    }

    /// A synthetic feed: items as (book id, title, large image, read-at).
    static func feed(
        _ items: [(Int, String, String?, String)], declaration: String = #"<?xml version="1.0" encoding="UTF-8"?>"#
    ) -> String {
        let body = items.map { id, title, large, readAt in
            """
            <item><title>\(title)</title><book_id>\(id)</book_id>
            <book_image_url><![CDATA[https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1600000000s/\(id)._SY75_.jpg]]></book_image_url>
            \(large.map { "<book_large_image_url><![CDATA[\($0)]]></book_large_image_url>" } ?? "")
            <book_description><![CDATA[<p>About <b>\(title)</b><img src="https://tracker.example/x.gif"></p>]]></book_description>
            <book id="\(id)"><num_pages>321</num_pages></book><author_name>Synthetic Author</author_name><isbn></isbn>
            <user_rating>4</user_rating><user_read_at><![CDATA[\(readAt)]]></user_read_at>
            <average_rating>3.87</average_rating><book_published>2019</book_published></item>
            """
        }.joined()
        return
            "\(declaration)\n<rss version=\"2.0\"><channel><title>Reader's bookshelf: read</title>\(body)</channel></rss>"
    }

    @Test func aGenuineShelfFeed() throws {
        let data = try Self.recorded("rss-shelf-read-12-items.xml")
        let text = String(decoding: data, as: UTF8.self)
        let (items, skipped) = try ShelfFeedDecoder.items(from: data)
        #expect(skipped == 0)
        #expect(items.map(\.bookID) == Scan.ints(text, "<book_id>(\\d+)</book_id>"))
        #expect(
            items.count == 12 && items.first?.title == "Distant Star" && items.first?.authorName == "Roberto Bolaño")
        #expect(
            items.first?.pageCount == 150 && items.first?.publishedYear == 1996 && items.first?.averageRating == 3.99)
        #expect(
            items.map(\.imageURL) == Scan.strings(text, "<book_large_image_url><!\\[CDATA\\[([^\\]]*)"),
            "the large image")
        #expect(items.allSatisfy { $0.readYear == 2026 } && items.allSatisfy { $0.readDay?.hasPrefix("2026-") == true })
        #expect(items.first?.userRating == nil, "the feed's 0 is no rating")
        #expect(items.filter { $0.isbn == nil }.count == 1, "one item has an empty <isbn>")
        #expect(items.filter { $0.descriptionHTML?.contains("<") == true }.count == 11)
        let first = try #require(items.first?.descriptionHTML)
        #expect(!HTMLSanitizer.plainText(fromHTML: first).contains("<i>"))
        let one = try Self.recorded("rss-shelf-currently-reading-1-item.xml")
        #expect(try ShelfFeedDecoder.items(from: one).items.map(\.title) == ["In the Shadow of Young Girls in Flower"])
    }

    /// A UTF-16 body with a byte-order mark that declares UTF-8, as some feeds are served.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func aUTF16FeedThatSaysUTF8(encoding: String.Encoding) throws {
        let text = Self.feed([(101, "Ünïcödé Tïtlé ファンタジー", nil, "Fri, 2 Jan 2026 00:00:00 +0000")])
        let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        let data = Data(bom) + text.data(using: encoding)!
        let items = try ShelfFeedDecoder.items(from: data).items
        #expect(items.map(\.title) == ["Ünïcödé Tïtlé ファンタジー"] && items.first?.readYear == 2026)
    }

    @Test func oddItemsAndAnEmptyChannel() throws {
        let text = Self.feed([
            (
                7, "Has a large image",
                "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1600000000l/7._SX318_SY475_.jpg",
                "Mon, 29 Dec 2025 00:00:00 -0800"
            ),
            (0, "No book id", nil, ""),
        ])
        let (items, skipped) = try ShelfFeedDecoder.items(from: Data(text.utf8))
        #expect(items.count == 1 && skipped == 1)
        let item = try #require(items.first)
        #expect(item.readYear == 2025, "the year as the reader's calendar wrote it")
        #expect(item.userRating == 4 && item.pageCount == 321 && item.isbn == nil)
        // The doubled size token is dropped for the full-size cover.
        #expect(
            CoverURL.downloadCandidates(for: try #require(item.imageURL)).first
                == "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1600000000l/7.jpg")
        let safe = HTMLSanitizer.safeHTML(fromHTML: try #require(item.descriptionHTML))
        #expect(!safe.contains("<img") && !safe.contains("tracker.example"))
        #expect(try ShelfFeedDecoder.items(from: Data(Self.feed([]).utf8)).items.isEmpty, "a page past the last")
    }

    @Test func whatIsNotAFeedIsOneClearError() throws {
        #expect(throws: ShelfFeedError.htmlPage) {
            try ShelfFeedDecoder.items(from: Data("<!DOCTYPE html><html><body>Sign in</body></html>".utf8))
        }
        #expect(throws: ShelfFeedError.notAFeed(root: "GoodreadsResponse")) {
            try ShelfFeedDecoder.items(from: Data("<GoodreadsResponse><search/></GoodreadsResponse>".utf8))
        }
        #expect(throws: ShelfFeedError.notXML(preview: "Loading...")) {
            try ShelfFeedDecoder.items(from: Data("Loading...".utf8))
        }
        for hostile in ["billion-laughs.xml", "external-entity.xml", "external-dtd.xml"] {
            let error = #expect(throws: ShelfFeedError.self) {
                try ShelfFeedDecoder.items(from: Fixtures.data("hostile/\(hostile)"))
            }
            guard case .unreadableXML? = error else {
                Issue.record("\(hostile): \(String(describing: error))")
                continue
            }
        }
    }
}
