import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

extension FaultTests {
    @Test func theKeyAppearsNowhereButConfigJSON() async throws {
        let server = try SyntheticGoodreads()
        let home = try Self.home(for: server)
        let recording = home.folder.appendingPathComponent("recording")
        var texts: [String] = []
        for arguments in [
            ["add", "secrets", "--verbose", "--record", recording.path], ["reroll", "secrets", "-v"],
            ["show", "--id", "10000000", "-v"],
            ["list", "--json"], ["books", "secrets", "--json"], ["collage", "secrets", "--format", "html"],
        ] {
            let run = try await Self.booktag(arguments, home: home)
            texts += [run.output, run.errors]
        }
        #expect(server.apiRequests.contains { $0.query["key"] == Self.secret }, "the key was sent (positive control)")
        #expect(texts.allSatisfy { !$0.contains(Self.secret) })
        var scanned = 0
        for file in Self.allFiles(under: home.folder) where file.lastPathComponent != "config.json" {
            let data = try Data(contentsOf: file)
            #expect(data.range(of: Data(Self.secret.utf8)) == nil, "\(file.path) holds the key")
            scanned += 1
        }
        #expect(FileManager.default.fileExists(atPath: recording.appendingPathComponent("index.json").path))
        Self.figure("secrets: key absent from \(texts.count) outputs and \(scanned) files (recording included)")
    }

    @Test func tagsThatLookLikePathsWriteNothingOutsideTheHome() async throws {
        let server = try SyntheticGoodreads()
        let sandbox = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-sandbox-\(UUID().uuidString)")
        let homeFolder = sandbox.appendingPathComponent("a/b/home")
        try FileManager.default.createDirectory(at: homeFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sandbox) }
        try Self.writeConfig(to: homeFolder.appendingPathComponent("config.json"), server: server)
        // Path-like tags, and tags in other scripts, which must keep their names.
        let tags = [
            "../../x", "a/b", "..", "/etc/passwd", "..\\..\\win", "~/.bashrc", "collages/../../y", "%2e%2e%2fz",
            "ファンタジー", "Фэнтези", "فانتازيا",
        ]
        for tag in tags {
            let run = try await BooktagProcess.run(["add", tag, "--home", homeFolder.path])
            #expect(run.status == 0, "\(tag): \(run.errors)")
            #expect(
                try await BooktagProcess.run(["collage", tag, "--format", "html", "--home", homeFolder.path]).status
                    == 0)
        }
        let outside = Self.allFiles(under: sandbox).filter {
            !$0.standardizedFileURL.path.hasPrefix(homeFolder.standardizedFileURL.path + "/")
        }
        #expect(outside.isEmpty, "\(outside)")
        let collages = try FileManager.default.contentsOfDirectory(
            atPath: homeFolder.appendingPathComponent("collages").path
        ).filter { !$0.hasPrefix(".") }
        #expect(collages.count == tags.count * 2)
        #expect(collages.allSatisfy { !$0.contains("/") && !$0.hasPrefix("..") })
        let listed = try #require(
            try await JSONSerialization.jsonObject(
                with: Data(BooktagProcess.run(["list", "--json", "--home", homeFolder.path]).output.utf8))
                as? [[String: Any]])
        #expect(
            Set(listed.compactMap { $0["name"] as? String }) == Set(tags),
            "every tag listed under the name it was given")
        Self.figure(
            "paths: \(tags.count) path-like and non-Latin tags, \(collages.count) collages, 0 files outside the home")
    }

    /// With `BOOKTAG_HOME` set, a run over the network writes nothing under `HOME`: no URL
    /// cache, no font cache, no stray folders.
    @Test func theUsersHomeFolderStaysEmpty() async throws {
        let server = try SyntheticGoodreads()
        let home = try Self.home(for: server)
        let userHome = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-user-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: userHome, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: userHome) }
        let environment = [
            "HOME": userHome.path, "BOOKTAG_HOME": home.folder.path, "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": "",
            "XDG_DATA_HOME": "",
        ]
        let runs = [
            ["add", "homeless"], ["reroll", "homeless"], ["show", "--id", "10000000"], ["show", "--id", "10000007"],
            ["collage", "homeless", "--format", "html"], ["collage", "homeless", "--format", "jpeg"], ["list"],
        ]
        for arguments in runs {
            let run = try await BooktagProcess.run(arguments, environment: environment)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
        }
        #expect(server.apiRequests.count >= 4, "the runs went to the server (positive control)")
        let written = Self.allFiles(under: userHome, includingFolders: true).map(\.path)
        #expect(written.isEmpty, "written under HOME: \(written)")
        Self.figure("home: \(runs.count) commands over the network, \(written.count) files under HOME")
    }

    @Test func everythingBooktagCreatesIsForTheUserOnly() async throws {
        let server = try SyntheticGoodreads()
        let home = try Self.home(for: server)
        let recording = home.folder.appendingPathComponent("recording")
        #expect(try await Self.booktag(["add", "private", "--record", recording.path], home: home).status == 0)
        #expect(try await Self.booktag(["night", "on"], home: home).status == 0)
        #expect(try await Self.booktag(["show", "--id", "10000000"], home: home).status == 0)
        #expect(try await Self.booktag(["collage", "private", "--format", "html"], home: home).status == 0)
        var checked = 0
        for url in Self.allFiles(under: home.folder, includingFolders: true)
        where url.lastPathComponent != "config.json" {
            let mode = try #require(
                try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
            #expect(mode & 0o077 == 0, "\(url.path) is \(String(mode, radix: 8))")
            checked += 1
        }
        Self.figure("permissions: \(checked) files and folders, all user-only")
    }
}
