import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Help, global options, configuration and Ctrl-C.
extension EndToEndTests {
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
            let text = String(decoding: BooktagProcess.readToEnd(errors), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        #expect(process.terminationStatus == 130)
        #expect(message == "error: interrupted: nothing was changed\n")
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
        #expect(home.coverFilesOnDisk().isEmpty)
    }
}
