import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

@Suite struct RecordingTests {
    static let key = "SECRET-KEY-4d1f"

    /// Goodreads echoes the key inside every body; the recording must hold it nowhere.
    @Test func theKeyAppearsInNoRecordedFile() async throws {
        let temporary = try TemporaryHome()
        let folder = temporary.folder.appendingPathComponent("recording")
        var page = String(decoding: try Fixtures.data("search/search-fantasy-p1.xml"), as: UTF8.self)
        page = page.replacingOccurrences(of: "REDACTED", with: Self.key)
        let cover = SyntheticBooks.pngCover(seed: "recorded")
        let upstream = ScriptedTransport([
            "/search/index.xml": [
                .respond(
                    HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/xml", "X-Echo": Self.key],
                        body: Data(page.utf8)))
            ],
            "/books/1/cover.png": [
                .respond(HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: cover))
            ],
        ])
        let recorder = try RecordingTransport(folder: folder, apiKey: Self.key, upstream: upstream)
        let client = GoodreadsClient(apiKey: Self.key, transport: recorder, throttle: nil)
        let live = try await client.searchPage(for: "fantasy", page: 1)
        _ = try await recorder.send(
            HTTPRequest(url: URL(string: "https://images.example/books/1/cover.png")!, kind: .cover))

        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        #expect(files.contains("index.json") && files.contains { $0.hasPrefix("api/") && $0.hasSuffix(".xml") })
        for file in files where file.contains(".") {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            #expect(data.range(of: Data(Self.key.utf8)) == nil, "\(file) holds the key")
        }

        // The replay answers the same request with the same (redacted) content.
        let replayed = try await GoodreadsClient(
            apiKey: "any-other-key", transport: ReplayTransport(folder: folder), throttle: nil
        )
        .searchPage(for: "fantasy", page: 1)
        #expect(replayed == live)
        let image = try await ReplayTransport(folder: folder).send(
            HTTPRequest(url: URL(string: "https://images.example/books/1/cover.png")!, kind: .cover))
        #expect(image.body == cover)
    }

    @Test func anUnknownRequestIsAClearErrorWithoutTheKey() async throws {
        let replay = try ReplayTransport(folder: Fixtures.replay)
        let client = GoodreadsClient(apiKey: Self.key, transport: replay, throttle: nil)
        let error = await #expect(throws: FetchError.self) { try await client.searchPage(for: "unrecorded", page: 1) }
        #expect(
            error == .notRecorded(url: "https://www.goodreads.com/search/index.xml?key=REDACTED&q=unrecorded&page=1"))
        #expect(error?.localizedDescription.contains(Self.key) == false)
    }

    @Test func aRecordingCannotPointOutsideItsFolder() throws {
        let temporary = try TemporaryHome()
        let index =
            #"{"format":1,"entries":[{"url":"https://x/","kind":"api","status":200,"headers":{},"file":"../../etc/passwd"}]}"#
        try Data(index.utf8).write(to: temporary.folder.appendingPathComponent("index.json"))
        #expect(throws: FetchError.self) { try ReplayTransport(folder: temporary.folder) }
        #expect(throws: FetchError.self) {
            try ReplayTransport(folder: temporary.folder.appendingPathComponent("missing"))
        }
    }

    @Test func theBundledRecordingHoldsNoRealKey() throws {
        for file in try FileManager.default.subpathsOfDirectory(atPath: Fixtures.replay.path)
        where file.hasPrefix("api/") && file.contains(".") || file == "index.json" {
            let text = String(
                decoding: try Data(contentsOf: Fixtures.replay.appendingPathComponent(file)), as: UTF8.self)
            for match in text.matches(of: /key=([^&"<]*)|<key><!\[CDATA\[([^\]]*)\]\]><\/key>/) {
                let value = String(match.output.1 ?? match.output.2 ?? "")
                #expect(value == "REDACTED", "\(file): \(value)")
            }
        }
    }
}
