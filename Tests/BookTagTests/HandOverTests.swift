import BookTag
import BookTagTestSupport
import Foundation
import Testing

/// `booktag` links no network code: a command that goes online continues in `booktag-online`
/// (Sources/BookTagCLI/Online.swift). These run the built binaries: every store-only command
/// works with `booktag` alone in a folder, a command that goes online says so in one line there
/// and changes nothing, and through the hand-over a command says everything once.
@Suite(.serialized) struct HandOverTests {
    static let replay = ["--replay", Fixtures.openLibraryReplay.path]

    /// `booktag` copied into a folder of its own, without `booktag-online` beside it.
    static func aloneBinary(in home: TemporaryHome) throws -> URL {
        let folder = home.folder.appendingPathComponent("alone", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("booktag")
        try FileManager.default.copyItem(at: BooktagProcess.binary, to: copy)
        return copy
    }

    @Test func everyStoreOnlyCommandWorksWithoutTheOnlineExecutable() async throws {
        let home = try TemporaryHome()
        let binary = try Self.aloneBinary(in: home)
        func run(_ arguments: [String]) async throws -> BooktagProcess.Run {
            try await BooktagProcess.run(arguments + ["--home", home.folder.path], binary: binary)
        }
        // A replay needs no network, so even add, reroll and show of a new book stay here.
        for arguments in [
            ["add", "fantasy"] + Self.replay, ["reroll", "fantasy"] + Self.replay, ["show", "--id", "OL5100000W"] + Self.replay,
            ["show", "--id", "OL5100000W"], ["list"], ["list", "--json"], ["books", "fantasy"], ["stats", "fantasy"],
            ["collage", "fantasy", "--format", "jpeg"], ["night", "on"], ["night", "status"], ["drop", "fantasy", "1"],
            ["stats", "fantasy", "--fetch"] + Self.replay, ["--version"], ["serve", "--help"],
        ] {
            let result = try await run(arguments)
            #expect(result.status == 0, "booktag \(arguments.joined(separator: " ")): \(result.errors)")
            #expect(!result.errors.contains("booktag-online"), "\(arguments): \(result.errors)")
        }
        let before = try BookStore.open(home: home.home).tags().map(\.name)

        // Commands that go online: one line naming what is missing, exit 69, nothing changed.
        for arguments in [
            ["add", "dragons"], ["reroll", "fantasy"], ["drop", "fantasy", "1", "--replace"], ["show", "9781234567897"],
            ["stats", "fantasy", "--fetch"], ["serve", "--port", "0"],
        ] {
            let result = try await run(arguments)
            #expect(result.status == 69, "booktag \(arguments.joined(separator: " ")): \(result.errors)")
            let lines = result.errors.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: ") && lines[0].contains("booktag-online"), "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty)
        }
        #expect(try BookStore.open(home: home.home).tags().map(\.name) == before)
        #expect(try BookStore.open(home: home.home).books(of: TagName("fantasy")).count == 11)
    }

    /// Through the hand-over (the build folder's layout): the note, the result and the books,
    /// each said once.
    @Test func aCommandThatGoesOnlineSaysEverythingOnce() async throws {
        let server = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org")
        let home = try TemporaryHome()
        let base = server.baseURL.absoluteString
        let config: [String: Any] = ["openlibrary": ["baseURL": base, "coversURL": base + "/_/covers.openlibrary.org", "minRequestInterval": 0.05]]
        try JSONSerialization.data(withJSONObject: config).write(to: home.home.configFile)
        let add = try await BooktagProcess.run(["add", "fantasy", "--home", home.folder.path])
        #expect(add.status == 0, "\(add.errors)")
        #expect(add.errors.components(separatedBy: "no Goodreads API key is configured").count == 2, "\(add.errors)")
        #expect(add.errors.components(separatedBy: "added \"fantasy\"").count == 2, "\(add.errors)")
        #expect(add.output.components(separatedBy: "OL5100000W").count == 2, "\(add.output)")
        #expect(try BookStore.open(home: home.home).books(of: TagName("fantasy")).count == 12)
    }

    /// One binary replaced without the other: booktag-online refuses what a booktag of another
    /// version hands it, in one line, before it opens the store.
    @Test func aHandOverFromAnotherVersionIsRefused() async throws {
        let home = try TemporaryHome()
        let online = BooktagProcess.binary.deletingLastPathComponent().appendingPathComponent("booktag-online")
        let other = try await BooktagProcess.run(
            ["list", "--home", home.folder.path], environment: ["BOOKTAG_HANDED_OVER_BY": "0.0.1"], binary: online)
        #expect(other.status == 69)
        #expect(other.errors == "error: booktag 0.0.1 handed this command to booktag-online \(BookTagVersion.current): install booktag again, so that both are the same version\n")
        #expect(!FileManager.default.fileExists(atPath: home.home.databaseFile.path))
        let same = try await BooktagProcess.run(
            ["list", "--home", home.folder.path], environment: ["BOOKTAG_HANDED_OVER_BY": BookTagVersion.current], binary: online)
        #expect(same.status == 0, "\(same.errors)")
    }
}
