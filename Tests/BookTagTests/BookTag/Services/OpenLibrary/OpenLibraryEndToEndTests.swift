import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The built `booktag` with no Goodreads key: Open Library from the synthetic recording and
/// from a loopback server that serves it over HTTP.
@Suite(.serialized) struct OpenLibraryEndToEndTests {
    static let replay = ["--replay", Fixtures.openLibraryReplay.path]
    static let noKeyNote = "no Goodreads API key is configured, so books come from Open Library"

    static func booktag(_ arguments: [String], home: TemporaryHome, environment: [String: String] = [:]) async throws
        -> BooktagProcess.Run
    {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path], environment: environment)
    }

    static func json(_ run: BooktagProcess.Run) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(run.output.utf8))
    }

    static func isOneErrorLine(_ errors: String) -> Bool {
        errors.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 1 && errors.hasSuffix("\n")
            && errors.split(separator: "\n").last?.hasPrefix("error: ") == true
    }

    /// The first thing a new reader meets: no key, a collage anyway, and every command working.
    @Test func aReaderWithNoKeyUsesEveryCommandOnOpenLibrary() async throws {
        let home = try TemporaryHome()
        let add = try await Self.booktag(["add", "fantasy", "--json"] + Self.replay, home: home)
        #expect(add.status == 0, "\(add.errors)")
        #expect(add.errors.components(separatedBy: Self.noKeyNote).count == 2, "the note, once: \(add.errors)")
        #expect(
            add.errors.contains(
                "added \"fantasy\": 12 books with covers from Open Library subject pages 1, 2 of 3 (75 results)"))
        let added = try #require(try Self.json(add) as? [String: Any])
        #expect(added["source"] as? String == "openlibrary")
        let books = try #require(added["books"] as? [[String: Any]])
        #expect(
            books.count == 12
                && books.allSatisfy {
                    $0["source"] as? String == "openlibrary" && ($0["id"] as? String)?.hasPrefix("OL") == true
                })
        // Page 1's 404, 1×1 and not-an-image covers are skipped; placeholders never downloaded.
        #expect(!books.contains { ["OL5100004W", "OL5100010W", "OL5100012W"].contains($0["id"] as? String) })
        #expect(home.coverFilesOnDisk().count == 12)

        let list = try #require(
            try Self.json(try await Self.booktag(["list", "--json"], home: home)) as? [[String: Any]])
        #expect(list.first?["source"] as? String == "openlibrary" && list.first?["books"] as? Int == 12)
        let listed = try await Self.booktag(["list"], home: home)
        #expect(listed.output.contains("Open Library"))
        let shelf = try await Self.booktag(["books", "fantasy"], home: home)
        #expect(
            shelf.status == 0 && shelf.output.contains("OL5100000W")
                && shelf.errors.contains("12 books from Open Library"))

        // show: a tag's book by work id (fetched, then kept), an ISBN (through its redirect), an
        // unknown ISBN.
        let byID = try await Self.booktag(["show", "--id", "OL5100000W", "--json"] + Self.replay, home: home)
        #expect(byID.status == 0, "\(byID.errors)")
        let shown = try #require(try Self.json(byID) as? [String: Any])
        #expect(shown["source"] as? String == "openlibrary" && shown["id"] as? String == "OL5100000W")
        #expect(shown["tags"] as? [String] == ["fantasy"] && shown["averageRating"] as? Double == 4.0512)
        let description = try #require(shown["description"] as? String)
        #expect(
            description.contains("and markup that") && !description.contains("<") && !description.contains("alert"),
            "sanitised: \(description)")
        let byISBN = try await Self.booktag(["show", "978-1-234-56789-7"] + Self.replay, home: home)
        #expect(
            byISBN.status == 0 && byISBN.output.contains("isbn13:    9781234567897")
                && byISBN.output.contains("source:    Open Library OL5100000W"))
        let unknown = try await Self.booktag(["show", "9780000000002"] + Self.replay, home: home)
        #expect(
            unknown.status == 66 && Self.isOneErrorLine(unknown.errors)
                && unknown.errors.contains("Open Library has no book with ISBN 9780000000002"))

        // The HTML page credits the source and keeps only the description's safe markup.
        let html = try await Self.booktag(["collage", "fantasy", "--format", "html"], home: home)
        #expect(html.status == 0, "\(html.errors)")
        let page = try String(
            contentsOf: home.home.collagesFolder.appendingPathComponent("fantasy.html"), encoding: .utf8)
        #expect(page.contains("books from Open Library"))
        #expect(page.contains("<b>markup</b>") && !page.contains("alert("))
        #expect(HTMLAudit.scriptCapableMarkup(in: page).isEmpty)

        #expect(try await Self.booktag(["night", "on"], home: home).status == 0)
        let reroll = try await Self.booktag(["reroll", "fantasy", "--json"] + Self.replay, home: home)
        #expect(reroll.status == 0, "\(reroll.errors)")
        let rerolled = try #require(try Self.json(reroll) as? [String: Any])
        #expect((rerolled["pagesFetched"] as? [Int])?.first != 1 && rerolled["source"] as? String == "openlibrary")
        #expect(try await Self.booktag(["collage", "fantasy", "--format", "jpeg"], home: home).status == 0)

        #expect(try await Self.booktag(["remove", "fantasy"], home: home).status == 0)
        let store = try BookStore.open(home: home.home)
        #expect(try store.tags().isEmpty)
        #expect(home.coverFilesOnDisk() == (try store.referencedCoverPaths()), "only the shown books' covers stay")
    }

    @Test func aSubjectWithNoWorksStoresNothing() async throws {
        let home = try TemporaryHome()
        let run = try await Self.booktag(["add", "zzqx"] + Self.replay, home: home)
        #expect(
            run.status == 66 && run.errors.contains("error: Open Library has no books for \"zzqx\"; nothing was stored")
        )
        #expect(try BookStore.open(home: home.home).tags().isEmpty && home.coverFilesOnDisk().isEmpty)
    }

    /// `--source`, then config `source`, then the key decide; only the fall-back says so.
    @Test func theSourceIsChosenByOptionConfigThenKey() async throws {
        let keyed = ["BOOKTAG_API_KEY": "some-key"]
        let chosen = try TemporaryHome()
        let explicit = try await Self.booktag(
            ["add", "fantasy", "--source", "openlibrary", "--json"] + Self.replay, home: chosen, environment: keyed)
        #expect(explicit.status == 0, "\(explicit.errors)")
        #expect(!explicit.errors.contains(Self.noKeyNote))
        #expect((try Self.json(explicit) as? [String: Any])?["source"] as? String == "openlibrary")

        let configured = try TemporaryHome()
        try Data(#"{"source": "openlibrary"}"#.utf8).write(to: configured.home.configFile)
        let fromConfig = try await Self.booktag(["add", "fantasy"] + Self.replay, home: configured, environment: keyed)
        #expect(fromConfig.status == 0 && !fromConfig.errors.contains(Self.noKeyNote), "\(fromConfig.errors)")

        let withKey = try TemporaryHome()
        let goodreads = try await Self.booktag(
            ["add", "fantasy", "--json", "--replay", Fixtures.replay.path], home: withKey, environment: keyed)
        #expect(goodreads.status == 0, "\(goodreads.errors)")
        #expect((try Self.json(goodreads) as? [String: Any])?["source"] as? String == "goodreads")

        let bad = try await Self.booktag(["add", "fantasy", "--source", "amazon"], home: withKey)
        #expect(bad.status == 64)
        try Data(#"{"source": "amazon"}"#.utf8).write(to: withKey.home.configFile)
        let badConfig = try await Self.booktag(["add", "dragons"], home: withKey)
        #expect(
            badConfig.status == 78 && badConfig.errors.contains("source must be \"goodreads\" or \"openlibrary\"")
                && Self.isOneErrorLine(badConfig.errors), "\(badConfig.errors)")
    }

    /// A work whose description carries HTML: `show` prints it as plain text (no tag, no script's
    /// words), `--json` the same, and the stored book's page shows only safe tags.
    @Test func htmlInADescriptionIsSanitisedInTheTerminal() async throws {
        let hostile =
            #"<p><b>Bold</b> words and <a href=\"https://example.org\">a link</a>.</p><script>alert('x')</script><img src=x onerror=alert(2)><iframe src=\"https://evil.example\"></iframe>"#
        let server = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org") {
            request in
            guard request.path == "/works/OL5100000W.json" else { return nil }
            let work: [String: Any] = [
                "key": "/works/OL5100000W", "title": "The Silver Crown",
                "description": ["type": "/type/text", "value": hostile],
            ]
            return LoopbackServer.Reply(body: try! JSONSerialization.data(withJSONObject: work))
        }
        let home = try TemporaryHome()
        let base = server.baseURL.absoluteString
        try JSONSerialization.data(withJSONObject: [
            "openlibrary": ["baseURL": base, "coversURL": base + "/_/covers.openlibrary.org", "minRequestInterval": 0]
        ])
        .write(to: home.home.configFile)
        let show = try await Self.booktag(["show", "9781234567897", "--source", "openlibrary"], home: home)
        #expect(show.status == 0, "\(show.errors)")
        #expect(show.output.contains("Bold words and a link."), "\(show.output)")
        for forbidden in ["<b>", "<a ", "<script", "alert", "<img", "onerror", "<iframe", "<p>"] {
            #expect(!show.output.contains(forbidden), "\(forbidden) in \(show.output)")
        }
        let json = try #require(
            try Self.json(try await Self.booktag(["show", "9781234567897", "--json"], home: home)) as? [String: Any])
        let description = try #require(json["description"] as? String)
        #expect(
            description.contains("Bold words and a link.") && !description.contains("<")
                && !description.contains("alert"))
        let stored = try #require(try BookStore.open(home: home.home).book(isbn: ISBN("9781234567897")))
        let page = HTMLSanitizer.safeHTML(fromHTML: try #require(stored.details.descriptionHTML))
        #expect(
            page.contains("<b>Bold</b>") && !page.contains("script") && !page.contains("onerror")
                && !page.contains("iframe"))
    }
}
