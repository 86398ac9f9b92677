import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// `show`, the failure classes, recordings and `--json`.
extension EndToEndTests {
    @Test func showServesKnownBooksFromTheStoreAndFetchesOthersOnce() async throws {
        let home = try TemporaryHome()
        let server = try ReplayServer(recording: Fixtures.replay)
        let environment = Self.serverEnvironment(server)
        let fetched = try await Self.booktag(
            ["show", "978-0-306-40615-7", "--json"], home: home, environment: environment)
        #expect(fetched.status == 0, "\(fetched.errors)")
        let book = try #require(try Self.json(fetched.output) as? [String: Any])
        #expect(
            book["source"] as? String == "goodreads" && book["id"] as? String == "5100000"
                && book["shownFrom"] as? String == "network")
        #expect(book["title"] as? String == "The Glass Orchard")
        #expect(book["isbn"] as? String == "0306406152" && book["isbn13"] as? String == "9780306406157")
        #expect(
            book["pages"] as? Int == 384 && book["year"] as? Int == 2011
                && book["publisher"] as? String == "Orchard & Vale")
        #expect((book["authors"] as? [[String: Any]])?.first?["name"] as? String == "Mirela Vance")
        let description = try #require(book["description"] as? String)
        #expect(
            description.hasPrefix(
                "In a valley where the trees grow glass fruit, Mira’s family guards the last orchard—until"))
        #expect(!description.contains("<") && !description.contains("&rsquo;"))
        let cover = try #require(book["cover"] as? String)
        #expect(FileManager.default.fileExists(atPath: cover))
        let requests = server.server.requests.count
        // Known now: by ISBN-10, by id, with no key and no server.
        for arguments in [["show", "0-306-40615-2", "--json"], ["show", "--id", "5100000", "--json"]] {
            let again = try await Self.booktag(arguments, home: home)
            #expect(again.status == 0, "\(again.errors)")
            #expect((try Self.json(again.output) as? [String: Any])?["shownFrom"] as? String == "store")
        }
        #expect(server.server.requests.count == requests)
        // The text form: labelled fields, then the description wrapped to the terminal.
        let text = try await Self.booktag(["show", "9780306406157"], home: home, environment: ["COLUMNS": "60"])
        #expect(text.output.contains("title:     The Glass Orchard\n"))
        #expect(text.output.contains("rating:    4.12 (3,742 ratings)\n"))
        let descriptionLines = text.output.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n").split(
            separator: "\n")
        #expect(!descriptionLines.isEmpty && descriptionLines.allSatisfy { $0.count <= 60 })
    }

    @Test func showListsTheTagsABookIsIn() async throws {
        let home = try TemporaryHome()
        let replay = ["--replay", Fixtures.replay.path]
        #expect(try await Self.booktag(["add", "Fantasy", "--source", "goodreads"] + replay, home: home).status == 0)
        let run = try await Self.booktag(["show", "--id", "5100000", "--json"] + replay, home: home)
        #expect(run.status == 0)
        let book = try #require(try Self.json(run.output) as? [String: Any])
        #expect(book["tags"] as? [String] == ["Fantasy"])
        // The cover the tag holds is reused, not downloaded again.
        let tagCover = try BookStore.open(home: home.home).books(of: TagName("fantasy")).first?.book.coverPath
        #expect((book["cover"] as? String)?.hasSuffix(try #require(tagCover)) == true)
    }

    @Test func everyFailureClassHasItsOwnStatusAndOneLine() async throws {
        let home = try TemporaryHome()
        let replay = ["--replay", Fixtures.replay.path]
        var cases: [(arguments: [String], environment: [String: String], status: Int32, says: String)] = [
            (["add", ""], [:], 64, "empty"),
            (["add", "fantasy", "--count", "0"], [:], 64, "the count must be between 1 and 100"),
            (["show", "978-0-306-40615-8"], [:], 64, "checksum"),
            (["show"], [:], 64, "ISBN"),
            (["add", "a\u{7}b"], [:], 64, "control"),
            (["reroll", "never-added"], [:], 66, "no tag"),
            (["add", "zzqx", "--source", "goodreads"] + replay, [:], 66, "no books"),
            (["show", "--id", "999999999"] + replay, [:], 66, "no book with id 999999999"),
            (["show", "9780141036144", "--source", "goodreads"] + replay, [:], 69, "recording has no answer"),
            (
                ["add", "fantasy"], ["BOOKTAG_BASE_URL": "http://127.0.0.1:9", "BOOKTAG_API_KEY": Self.secret], 69,
                "cannot reach"
            ),
            (["add", "fantasy", "--source", "goodreads"], [:], 78, "API key"),
            (["add", "fantasy", "--config", "/nonexistent/booktag.json"], [:], 78, "does not exist"),
        ]
        for entry in cases {
            let run = try await Self.booktag(entry.arguments, home: home, environment: entry.environment)
            #expect(run.status == entry.status, "\(entry.arguments): \(run.status) \(run.errors)")
            #expect(Self.isOneErrorLine(run.errors), "\(entry.arguments): \(run.errors)")
            #expect(run.errors.contains(entry.says), "\(entry.arguments): \(run.errors)")
            #expect(run.output.isEmpty)
        }
        // A broken config names the file and the key.
        try Data(#"{"goodreads": {"minRequestInterval": "fast"}}"#.utf8).write(to: home.home.configFile)
        let config = try await Self.booktag(
            ["add", "fantasy"], home: home, environment: ["BOOKTAG_API_KEY": Self.secret])
        #expect(
            config.status == 78 && config.errors.contains(home.home.configFile.path)
                && config.errors.contains("goodreads.minRequestInterval"))
        try FileManager.default.removeItem(at: home.home.configFile)
        // Goodreads refusing the key is an API failure.
        let server = try ReplayServer(recording: Fixtures.replay) { _ in LoopbackServer.Reply(status: 401, body: Data())
        }
        let refused = try await Self.booktag(
            ["add", "fantasy"], home: home, environment: Self.serverEnvironment(server))
        #expect(refused.status == 76 && refused.errors.contains("refused the API key"))
        // A store that cannot be opened: the home's data folder is a file.
        let blocked = try TemporaryHome()
        try FileManager.default.removeItem(at: blocked.folder)
        try Data("not a folder".utf8).write(to: blocked.folder)
        let store = try await Self.booktag(["list"], home: blocked)
        #expect(store.status == 74 && Self.isOneErrorLine(store.errors), "\(store.status) \(store.errors)")
        cases.removeAll()
        // Nothing was stored by any of it.
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
    }

    @Test func aRecordingReplaysWithoutTheNetworkAndWithoutTheKey() async throws {
        let server = try ReplayServer(recording: Fixtures.replay)
        let recorded = try TemporaryHome()
        let recording = recorded.folder.appendingPathComponent("recording")
        let first = try await Self.booktag(
            ["add", "fantasy", "--record", recording.path, "--json"], home: recorded,
            environment: Self.serverEnvironment(server))
        #expect(first.status == 0, "\(first.errors)")
        let requests = server.server.requests.count
        // Replayed in a fresh home: no key, no request to the server, the same books.
        let replayed = try TemporaryHome()
        let second = try await Self.booktag(
            ["add", "fantasy", "--source", "goodreads", "--replay", recording.path, "--json"], home: replayed,
            environment: ["BOOKTAG_BASE_URL": server.baseURL.absoluteString])
        #expect(second.status == 0, "\(second.errors)")
        #expect(server.server.requests.count == requests)
        func ids(_ run: BooktagProcess.Run) throws -> [String] {
            ((try Self.json(run.output) as? [String: Any])?["books"] as? [[String: Any]])?.compactMap {
                $0["id"] as? String
            } ?? []
        }
        #expect(try ids(first) == ids(second) && ids(first).count == 12)
        for file in FaultTests.allFiles(under: recording) {
            #expect(
                try Data(contentsOf: file).range(of: Data(Self.secret.utf8)) == nil,
                "\(file.lastPathComponent) holds the key")
        }
    }

    @Test func jsonShapes() async throws {
        let home = try TemporaryHome()
        let replay = ["--replay", Fixtures.replay.path]
        let add = try #require(
            try await Self.json(
                Self.booktag(["add", "fantasy", "--source", "goodreads", "--json"] + replay, home: home).output)
                as? [String: Any])
        #expect(
            Set(add.keys) == [
                "tag", "source", "changed", "wanted", "pagesFetched", "totalResults", "books", "collage",
                "collageStyle",
            ])
        #expect(add["source"] as? String == "goodreads")
        let book = try #require((add["books"] as? [[String: Any]])?.first)
        #expect(
            Set(book.keys).isSuperset(of: ["position", "source", "id", "title", "author", "year", "rating", "cover"]))
        let again = try #require(
            try await Self.json(Self.booktag(["add", "fantasy", "--json"], home: home).output) as? [String: Any])
        #expect(again["changed"] as? Bool == false && (again["books"] as? [Any])?.count == 12)
        let list = try #require(
            try await Self.json(Self.booktag(["list", "--json"], home: home).output) as? [[String: Any]])
        #expect(
            Set(list.first?.keys ?? [:].keys) == ["name", "source", "books", "lastFetched", "collage", "collageStyle"])
        #expect(list.first?["source"] as? String == "goodreads")
        let books = try #require(
            try await Self.json(Self.booktag(["books", "fantasy", "--json"], home: home).output) as? [[String: Any]])
        #expect(books.count == 12)
        let show = try #require(
            try await Self.json(Self.booktag(["show", "--id", "5100000", "--json"] + replay, home: home).output)
                as? [String: Any])
        #expect(
            Set(show.keys).isSuperset(of: [
                "source", "id", "title", "authors", "pages", "averageRating", "description", "year", "publisher",
                "isbn", "isbn13", "cover", "tags", "shownFrom",
            ]))
        let collage = try #require(
            try await Self.json(Self.booktag(["collage", "fantasy", "--format", "jpeg", "--json"], home: home).output)
                as? [String: Any])
        #expect(
            (collage["style"] as? [String: Any])?["format"] as? String == "jpeg"
                && (collage["file"] as? String)?.hasSuffix("/fantasy.jpg") == true)
        let inspected = try #require(
            try await Self.json(
                BooktagProcess.run([
                    "inspect", Fixtures.replay.appendingPathComponent("api/search-fantasy-page-1.xml").path, "--json",
                ]).output) as? [String: Any])
        #expect((inspected["works"] as? [Any])?.count == 20 && inspected["totalResults"] as? Int == 52)
        let night = try #require(
            try await Self.json(Self.booktag(["night", "status", "--json"], home: home).output) as? [String: Any])
        #expect(night["nightMode"] as? Bool == false)
    }
}
