import Foundation
import Testing

@testable import BookTag

/// Streaming frees each work as soon as it is parsed; it must see exactly what a full tree sees,
/// wherever the chunk boundaries fall.
@Suite struct StreamingTests {
    /// Page 1 of the fantasy fixture with its works repeated `copies` times (ids kept).
    static func largePage(copies: Int) throws -> Data {
        let text = String(decoding: try Fixtures.data("search/search-fantasy-p1.xml"), as: UTF8.self)
        let open = try #require(text.range(of: "<results>"))
        let close = try #require(text.range(of: "</results>"))
        let works = String(text[open.upperBound..<close.lowerBound])
        return Data(
            (String(text[..<open.upperBound]) + String(repeating: works, count: copies)
                + String(text[close.lowerBound...])).utf8)
    }

    static func worksFromFullTree(_ data: Data) throws -> [SearchWork] {
        let document = try XMLDocument(data: data)
        let results = try #require(document.root?.child("search")?.child("results"))
        return results.children.compactMap(GoodreadsDecoder.searchWork(from:))
    }

    @Test(arguments: [1, 7, 100, 4096, 65536])
    func streamedWorksMatchTheFullTree(chunkSize: Int) throws {
        let data = try Self.largePage(copies: chunkSize < 100 ? 3 : 40)
        var streamed: [SearchWork] = []
        var seen = 0
        let document = try XMLDocument.streaming(
            data: data, childrenOf: ["GoodreadsResponse", "search", "results"], chunkSize: chunkSize
        ) { element in
            seen += 1
            if let work = GoodreadsDecoder.searchWork(from: element) { streamed.append(work) }
        }
        let expected = try Self.worksFromFullTree(data)
        #expect(streamed == expected)
        #expect(seen == expected.count + expected.count / 20, "every <work>, including the skipped ones, seen once")
        let results = try #require(document.root?.child("search")?.child("results"))
        #expect(Array(results.children).isEmpty, "streamed children are freed")
        #expect(document.root?.child("search")?.child("total-results")?.integer == 45, "the rest of the tree is kept")
    }

    @Test func decoderStreamsLargePages() throws {
        let data = try Self.largePage(copies: 60)
        #expect(data.count > 2 * XMLDocument.streamingChunkSize)
        let page = try GoodreadsDecoder.searchPage(from: data)
        #expect(page.works == (try Self.worksFromFullTree(data)))
        #expect(page.works.count == 1200 && page.skippedWorks == 60)
    }

    @Test func errorsLateInAStreamStillFail() throws {
        var data = try Self.largePage(copies: 60)
        data.removeLast(200)
        #expect(throws: GoodreadsError.self) { try GoodreadsDecoder.searchPage(from: data) }
    }
}
