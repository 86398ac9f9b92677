import Foundation
import Testing

/// `booktag share` as a reader runs it: the path printed, the same link when shared again, the
/// list, a revoke and a new key after it, and the refusals in one line each.
@Suite struct ShareCommandTests {
    @Test func aTagIsSharedListedAndRevoked() async throws {
        let home = try TemporaryHome()
        let path = home.folder.path
        let added = try await BooktagProcess.run(
            ["add", "fantasy", "--replay", Fixtures.openLibraryReplay.path, "--home", path, "--quiet"])
        try #require(added.status == 0, "\(added.errors)")

        let shared = try await BooktagProcess.run(["share", "fantasy", "--home", path])
        #expect(shared.status == 0, "\(shared.errors)")
        let line = shared.output.trimmingCharacters(in: .newlines)
        #expect(line.range(of: "^/s/[A-Za-z0-9_-]{24}$", options: .regularExpression) != nil, "\(shared.output)")
        #expect(shared.errors.contains("read-only"))
        let json = try await BooktagProcess.run(["share", "FANTASY", "--json", "--home", path])
        let link = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: String])
        #expect(link.keys.sorted() == ["key", "path", "tag"])
        #expect(link["path"] == line && link["key"].map { "/s/" + $0 } == line && link["tag"] == "fantasy")

        let listed = try await BooktagProcess.run(["share", "--list", "--home", path])
        #expect(listed.output == "\(line)  fantasy\n")
        let listedJSON = try await BooktagProcess.run(["share", "--list", "--json", "--home", path])
        let links = try #require(
            try JSONSerialization.jsonObject(with: Data(listedJSON.output.utf8)) as? [[String: String]])
        #expect(links == [link])

        let revoked = try await BooktagProcess.run(["share", "fantasy", "--revoke", "--home", path])
        #expect(revoked.status == 0 && revoked.output.isEmpty && revoked.errors.contains("404"))
        let twice = try await BooktagProcess.run(["share", "fantasy", "--revoke", "--home", path])
        #expect(twice.status == 66 && twice.errors == "error: \"fantasy\" has no link\n")
        let empty = try await BooktagProcess.run(["share", "--list", "--home", path])
        #expect(empty.status == 0 && empty.output.isEmpty && empty.errors.contains("no links yet"))
        let again = try await BooktagProcess.run(["share", "fantasy", "--home", path])
        #expect(again.status == 0 && again.output != shared.output, "a new key after a revoke")

        // The tag's removal takes its link with it.
        _ = try await BooktagProcess.run(["remove", "fantasy", "--home", path])
        let none = try await BooktagProcess.run(["share", "--list", "--json", "--home", path])
        #expect(none.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || none.output.hasPrefix("[]"))
    }

    @Test func refusalsAreOneLine() async throws {
        let home = try TemporaryHome()
        let path = home.folder.path
        for (arguments, status, start) in [
            (["share", "nowhere"], Int32(66), "error: there is no tag \"nowhere\""),
            (["share"], 64, "error: name the tag to share, or --list the links"),
            (["share", "fantasy", "--list"], 64, "error: --list takes no tag and no --revoke"),
            (["share", "--list", "--revoke"], 64, "error: --list takes no tag and no --revoke"),
            (["share", " "], 64, "error: "),
        ] {
            let run = try await BooktagProcess.run(arguments + ["--home", path])
            #expect(run.status == status && run.errors.hasPrefix(start), "\(arguments): \(run.status) \(run.errors)")
            #expect(run.errors.split(separator: "\n").count == 1 && run.output.isEmpty, "\(arguments)")
        }
    }
}
