import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The built `booktag` binary, run as a subprocess against the bundled recording (`--replay`)
/// and against a loopback server that serves the same recording over HTTP.
@Suite(.serialized) struct EndToEndTests {
    static let secret = "e2e-secret-key-7f3a9c"

    /// Runs booktag with `home` as its home.
    static func booktag(
        _ arguments: [String], home: TemporaryHome, environment: [String: String] = [:],
        terminals: BooktagProcess.Terminals = []
    ) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(
            arguments + ["--home", home.folder.path], environment: environment, terminals: terminals)
    }

    /// Environment pointing booktag at a loopback server, with a key.
    static func serverEnvironment(_ server: ReplayServer) -> [String: String] {
        ["BOOKTAG_BASE_URL": server.baseURL.absoluteString, "BOOKTAG_API_KEY": secret]
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    static func isOneErrorLine(_ errors: String) -> Bool {
        errors.hasPrefix("error: ") && errors.split(separator: "\n").count == 1
    }

    @Test func addOnTheReplayPrintsTheBooksAndWritesTheCollage() async throws {
        let home = try TemporaryHome()
        let run = try await Self.booktag(
            ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#") == true)
        #expect(lines.filter { $0.first?.isNumber == true }.count == 12)
        let collage = try #require(lines.last.flatMap { $0.hasPrefix("collage: ") ? String($0.dropFirst(9)) : nil })
        #expect(collage == home.home.collagesFolder.appendingPathComponent("fantasy.png").path)
        let png = try Data(contentsOf: URL(fileURLWithPath: collage))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Not a terminal: a note, no progress line, no colour.
        #expect(
            run.errors == "added \"fantasy\": 12 books with covers from Goodreads search pages 1, 2 of 3 (52 results)\n"
        )
        #expect(!run.output.contains("\u{1B}"))
        let store = try BookStore.open(home: home.home)
        #expect(try store.books(of: TagName("fantasy")).count == 12)
        #expect(home.coverFilesOnDisk().count == 12)
    }

    @Test func aSecondAddOfTheSameTagMakesNoRequest() async throws {
        let home = try TemporaryHome()
        let server = try ReplayServer(recording: Fixtures.replay)
        let environment = Self.serverEnvironment(server)
        let first = try await Self.booktag(["add", "Fantasy", "--json"], home: home, environment: environment)
        #expect(first.status == 0, "\(first.errors)")
        let requests = server.server.requests.count
        #expect(server.apiRequests.count == 2 && server.coverRequests.count >= 12)
        let second = try await Self.booktag(["add", "  FANTASY "], home: home, environment: environment)
        #expect(second.status == 0)
        #expect(server.server.requests.count == requests, "no request at all for a tag that exists")
        #expect(
            second.errors.contains(
                "\"Fantasy\" already exists with 12 books; nothing changed: 'booktag reroll Fantasy'"))
        #expect(second.output.contains("collage: "))
        // The key travels only in the API requests' query, never out.
        #expect(server.apiRequests.allSatisfy { $0.query["key"] == Self.secret })
        for text in [first.output, first.errors, second.output, second.errors] {
            #expect(!text.contains(Self.secret))
        }
    }

    @Test func verboseShowsRequestsWithTheKeyMaskedAndTheThrottleWaits() async throws {
        let home = try TemporaryHome()
        let server = try ReplayServer(recording: Fixtures.replay)
        let run = try await Self.booktag(
            ["add", "fantasy", "--verbose"], home: home, environment: Self.serverEnvironment(server))
        #expect(run.status == 0, "\(run.errors)")
        let requestLines = run.errors.split(separator: "\n").filter { $0.hasPrefix("GET http") }
        #expect(requestLines.count == 2)
        #expect(requestLines.allSatisfy { $0.contains("key=REDACTED") && $0.contains("→ 200") })
        #expect(run.errors.contains("GET cover http://127.0.0.1"))
        #expect(run.errors.contains("waiting "), "the second page waits for its turn")
        #expect(!run.errors.contains(Self.secret) && !run.output.contains(Self.secret))
    }

    @Test func progressIsDrawnOnlyOnATerminal() async throws {
        let home = try TemporaryHome()
        let run = try await Self.booktag(
            ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home,
            terminals: [.errors])
        #expect(run.status == 0)
        #expect(run.errors.contains("\r\u{1B}[K"))
        #expect(run.errors.contains("12/12 books with covers"))
        #expect(run.errors.contains("fantasy: page 2 of 3"))
        let quiet = try await Self.booktag(
            ["add", "tiny", "--source", "goodreads", "--replay", Fixtures.replay.path, "--quiet"], home: home,
            terminals: [.errors])
        #expect(quiet.status == 0)
        #expect(!quiet.errors.contains("\r") && !quiet.errors.contains("added"))
        #expect(quiet.errors.contains("only 3 of the 5 books"), "warnings survive --quiet")
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() async throws {
        let home = try TemporaryHome()
        #expect(
            try await Self.booktag(
                ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home
            ).status == 0)
        let coloured = try await Self.booktag(["list"], home: home, terminals: [.output])
        #expect(coloured.status == 0 && coloured.output.contains("\u{1B}[1;34mTAG"))
        let plain = try await Self.booktag(["list"], home: home, environment: ["NO_COLOR": "1"], terminals: [.output])
        #expect(plain.status == 0 && plain.output.hasPrefix("TAG") && !plain.output.contains("\u{1B}"))
        let piped = try await Self.booktag(["list"], home: home)
        #expect(!piped.output.contains("\u{1B}"))
        // Night mode picks the palette for dark terminals.
        #expect(try await Self.booktag(["night", "on"], home: home).status == 0)
        let night = try await Self.booktag(["list"], home: home, terminals: [.output])
        #expect(night.output.contains("\u{1B}[1;96mTAG"))
        let error = try await Self.booktag(["books", "nope"], home: home, terminals: [.errors])
        #expect(error.errors.contains("\u{1B}[1;31merror:"))
        let plainError = try await Self.booktag(
            ["books", "nope"], home: home, environment: ["NO_COLOR": "1"], terminals: [.errors])
        #expect(plainError.errors.hasPrefix("error: "))
    }

    @Test func rerollReplacesTheSetAndTheCollage() async throws {
        let home = try TemporaryHome()
        let replay = ["--replay", Fixtures.replay.path]
        #expect(try await Self.booktag(["add", "fantasy", "--source", "goodreads"] + replay, home: home).status == 0)
        let collage = home.home.collagesFolder.appendingPathComponent("fantasy.png")
        let before = try Data(contentsOf: collage)
        let oldIDs = try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.bookID)
        let run = try await Self.booktag(["reroll", "fantasy", "--json"] + replay, home: home)
        #expect(run.status == 0, "\(run.errors)")
        let result = try #require(try Self.json(run.output) as? [String: Any])
        #expect(result["tag"] as? String == "fantasy" && result["changed"] as? Bool == true)
        let pages = try #require(result["pagesFetched"] as? [Int])
        #expect(pages.first != 1, "another page than the current one")
        let books = try #require(result["books"] as? [[String: Any]])
        #expect(books.count == 12)
        #expect(books.map { $0["id"] as? String } != oldIDs.map(\.value))
        #expect(books.allSatisfy { $0["source"] as? String == "goodreads" })
        #expect(result["collage"] as? String == collage.path)
        #expect(try Data(contentsOf: collage) != before)
        #expect(
            try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.bookID.value)
                == books.compactMap { $0["id"] as? String })
        // Every cover on disk is one the store references.
        #expect(
            home.coverFilesOnDisk()
                == Set(try BookStore.open(home: home.home).books(of: TagName("fantasy")).map(\.book.coverPath)))
    }

    @Test func aFailedRerollLeavesTheSetAndTheCollageByteForByte() async throws {
        let home = try TemporaryHome()
        #expect(
            try await Self.booktag(
                ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path], home: home
            ).status == 0)
        let collage = home.home.collagesFolder.appendingPathComponent("fantasy.png")
        let collageBefore = try Data(contentsOf: collage)
        let database = try home.checkpointedDatabase()
        let covers = try home.coverFileContents()
        // A server that fails every search after the first page: the reroll cannot gather.
        let server = try ReplayServer(recording: Fixtures.replay) { request in
            request.path.hasPrefix("/search")
                ? LoopbackServer.Reply(status: 401, body: Data("Invalid API key.".utf8)) : nil
        }
        let run = try await Self.booktag(
            ["reroll", "fantasy"], home: home, environment: Self.serverEnvironment(server))
        #expect(run.status == 76 && Self.isOneErrorLine(run.errors), "\(run.status) \(run.errors)")
        #expect(try Data(contentsOf: collage) == collageBefore)
        #expect(try home.coverFileContents() == covers)
        #expect(try home.checkpointedDatabase() == database)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path).filter {
            $0.hasPrefix(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }

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

    /// Help, the man page (made from the same definition) and the README's first paragraph name
    /// the same sources.
    @Test func theOverviewNamesEverySourceAsTheREADMEDoes() async throws {
        let help = try await BooktagProcess.run(["--help"])
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let firstParagraph = readme.components(separatedBy: "\n\n")[1].replacingOccurrences(of: "\n", with: " ")
        let helpText = help.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(
            separator: " ")
        for source in [
            "Open Library subject (no key needed)", "a Goodreads search (with a Goodreads key)",
            "a reader's public Goodreads shelf",
            "a library export from Goodreads, StoryGraph, LibraryThing or a Calibre library", "booktag serve",
        ] {
            #expect(helpText.contains(source), "help lacks \(source)")
            #expect(
                firstParagraph.replacingOccurrences(of: "[Open Library](https://openlibrary.org)", with: "Open Library")
                    .replacingOccurrences(of: "`", with: "").contains(source), "README lacks \(source)")
        }
        #expect(!help.output.contains("from Goodreads."))
    }

    @Test(arguments: [
        "add", "import", "reroll", "drop", "show", "list", "books", "collage", "stats", "serve", "remove", "night",
        "inspect",
    ])
    func everyCommandHasHelpWithAnExample(_ command: String) async throws {
        for arguments in [[command, "--help"], ["help", command]] {
            let run = try await BooktagProcess.run(arguments)
            #expect(run.status == 0 && run.errors.isEmpty, "\(arguments): \(run.status) \(run.errors)")
            #expect(run.output.contains("USAGE: booktag \(command)"))
            #expect(run.output.contains("Example"))
            #expect(
                run.output.contains("--home") && run.output.contains("--replay") && run.output.contains("--verbose"))
        }
    }

    @Test func globalOptionsWorkBeforeTheCommand() async throws {
        let home = try TemporaryHome()
        let run = try await BooktagProcess.run([
            "--home", home.folder.path, "--replay", Fixtures.replay.path, "-q", "add", "tiny", "--source", "goodreads",
        ])
        #expect(run.status == 0 && run.errors.contains("only 3"), "\(run.errors)")
        #expect(try BookStore.open(home: home.home).tags().map(\.name) == ["tiny"])
        let conflict = try await BooktagProcess.run(["list", "--quiet", "--verbose", "--home", home.folder.path])
        #expect(conflict.status == 64)
    }

    @Test func collageUsesConfiguredFormatAndColumns() async throws {
        let home = try TemporaryHome()
        try Data(#"{"collage": {"format": "jpeg", "columns": 3, "count": 6}}"#.utf8).write(to: home.home.configFile)
        let run = try await Self.booktag(
            ["add", "fantasy", "--source", "goodreads", "--replay", Fixtures.replay.path, "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let result = try #require(try Self.json(run.output) as? [String: Any])
        #expect((result["books"] as? [Any])?.count == 6)
        let file = try #require(result["collage"] as? String)
        #expect(file.hasSuffix("/fantasy.jpg"))
        let info = try #require(ImageInfo(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(info.format == .jpeg)
    }

    @Test func ctrlCDuringAddStoresNothing() async throws {
        let home = try TemporaryHome()
        // The second page hangs, so the interrupt lands mid-gathering.
        let server = try ReplayServer(recording: Fixtures.replay) { request in
            request.query["page"] == "2" ? LoopbackServer.Reply(behaviour: .hang(seconds: 20)) : nil
        }
        try Data(#"{"goodreads": {"minRequestInterval": 0}}"#.utf8).write(to: home.home.configFile)
        let (process, errors) = try BooktagProcess.start(
            ["add", "fantasy", "--home", home.folder.path], environment: Self.serverEnvironment(server))
        let deadline = Date().addingTimeInterval(15)
        while !server.apiRequests.contains(where: { $0.query["page"] == "2" }), Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        kill(process.processIdentifier, SIGINT)
        let message = await offThePool {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        #expect(process.terminationStatus == 130)
        #expect(message == "error: interrupted: nothing was changed\n")
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
        #expect(home.coverFilesOnDisk().isEmpty)
    }
}
