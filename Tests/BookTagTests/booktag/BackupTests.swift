import BookTagTestSupport
import Foundation
import Testing
import ZIPFoundation

@testable import BookTag

/// `booktag backup` and `restore`, run as the built binary on homes filled from the bundled Open
/// Library recording: a backup made while `serve` answers and an `add` runs restores whole, and
/// every bad file or home is one `error:` line with the home as it was.
@Suite(.serialized) struct BackupTests {
    static func booktag(_ arguments: [String], home: TemporaryHome) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path])
    }

    /// A home with "fantasy" and "science fiction" added through the replay server, a config
    /// file and night mode on.
    static func filledHome() async throws -> (ReplayServer, TemporaryHome) {
        let (replay, home) = try ServeProcess.throttledHome(interval: 0)
        try smallCollages(in: home, replay: replay, interval: 0)
        for tag in ["fantasy", "science fiction"] {
            let added = try await booktag(["add", tag], home: home)
            #expect(added.status == 0, "\(added.errors)")
        }
        #expect(try await booktag(["night", "on"], home: home).status == 0)
        return (replay, home)
    }

    /// The home's Open Library is `replay`, `interval` seconds apart, and its collages are small:
    /// a collage drawn by a debug build at full size takes both cores for seconds, and the tests
    /// that time things in this process run beside these.
    static func smallCollages(in home: TemporaryHome, replay: ReplayServer, interval: Double) throws {
        let base = replay.baseURL.absoluteString
        let config: [String: Any] = [
            "openlibrary": [
                "baseURL": base, "coversURL": base + "/_/covers.openlibrary.org", "minRequestInterval": interval,
            ],
            "collage": ["size": "256x256"],
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: home.home.configFile)
    }

    /// What a home holds that a restore must bring back: each tag's books as `books --json`
    /// prints them, every cover file's bytes, the configuration and preferences.
    struct Contents: Equatable {
        var books: [String: String] = [:]
        var covers: [String: Data] = [:]
        var config: Data?
        var preferences: Data?

        init(_ home: TemporaryHome) async throws {
            let store = try BookStore.open(home: home.home)
            for tag in try store.tags() {
                let run = try await BackupTests.booktag(["books", tag.name, "--json"], home: home)
                // Cover paths are the home's own: compared from the home down.
                books[tag.name] = run.output.replacingOccurrences(of: home.folder.path, with: "HOME")
            }
            covers = try home.coverFileContents()
            config = try? Data(contentsOf: home.home.configFile)
            preferences = try? Data(contentsOf: home.home.preferencesFile)
        }
    }

    /// Every file under the home with its size and modification time, to show a refusal changed nothing.
    static func listing(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let name = walker.nextObject() as? String {
            var status = stat()
            guard lstat(folder.appendingPathComponent(name).path, &status) == 0 else { continue }
            result[name] = "\(status.st_mode) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return result
    }

    /// The folders a restore unpacks into beside `home`'s folder, left there.
    static func stagingFolders(beside home: TemporaryHome) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home.folder.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(HomeRestore.stagingPrefix(of: home.folder)) }
    }

    static func isOneErrorLine(_ errors: String) -> Bool {
        errors.hasPrefix("error: ") && errors.split(separator: "\n").count == 1
    }

    @Test func aQuietHomeRestoresIntoAnEmptyOneWithEveryByte() async throws {
        let (_, home) = try await Self.filledHome()
        let token = try await ServeProcess(home: home.folder).stopAfter { $0.token }
        let file = home.folder.deletingLastPathComponent().appendingPathComponent("backup-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        let made = try await Self.booktag(["backup", file.path], home: home)
        #expect(made.status == 0, "\(made.errors)")
        #expect(made.errors.hasPrefix("backed up "), "\(made.errors)")
        var status = stat()
        #expect(stat(file.path, &status) == 0 && status.st_mode & 0o077 == 0, "the backup holds the keys: user-only")
        let bytes = try Data(contentsOf: file)
        #expect(bytes.range(of: Data(token.utf8)) == nil, "the serve token is never in a backup")

        let restored = try TemporaryHome()
        let run = try await Self.booktag(["restore", file.path], home: restored)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("2 tags"), "\(run.errors)")
        let before = try await Contents(home)
        #expect(before.books.count == 2 && before.covers.count >= 24)
        #expect(try await Contents(restored) == before)
        #expect(access(restored.home.serveTokenFile.path, F_OK) != 0)
    }

    @Test func aBackupMadeWhileServeAnswersAndAnAddRunsRestoresWhole() async throws {
        let (replay, home) = try ServeProcess.throttledHome(interval: 0)
        try Self.smallCollages(in: home, replay: replay, interval: 0)
        #expect(try await Self.booktag(["add", "fantasy"], home: home).status == 0)
        // Slow the source down so that the second add is mid-way while the backups are made.
        try Self.smallCollages(in: home, replay: replay, interval: 0.3)
        let server = try await ServeProcess(home: home.folder)
        defer { server.process.terminate() }
        let (adding, _) = try BooktagProcess.start(["add", "science fiction", "--home", home.folder.path])
        let files = (0..<3).map { index in
            home.folder.deletingLastPathComponent().appendingPathComponent("during-\(index)-\(UUID().uuidString).zip")
        }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        for file in files {
            async let answered = server.request("GET", "/api/tags")
            let made = try await Self.booktag(["backup", file.path], home: home)
            #expect(made.status == 0, "\(made.errors)")
            #expect(try await answered.status == 200)
            try await Task.sleep(for: .milliseconds(700))
        }
        await offThePool { adding.waitUntilExit() }
        #expect(adding.terminationStatus == 0)
        let fantasy = try await Self.booktag(["books", "fantasy", "--json"], home: home).output
        let covers = try home.coverFileContents()
        for file in files {
            let restored = try TemporaryHome()
            let run = try await Self.booktag(["restore", file.path], home: restored)
            #expect(run.status == 0, "\(run.errors)")
            // Every tag the snapshot holds is whole: its covers are all there, each the source's bytes.
            let store = try BookStore.open(home: restored.home)
            let referenced = try store.referencedCoverPaths()
            let restoredCovers = try restored.coverFileContents()
            #expect(Set(restoredCovers.keys) == referenced)
            for (path, data) in restoredCovers { #expect(covers[path] == data, "\(path)") }
            let restoredFantasy = try await Self.booktag(["books", "fantasy", "--json"], home: restored).output
            #expect(restoredFantasy.replacingOccurrences(of: restored.folder.path, with: home.folder.path) == fantasy)
        }
    }

    @Test func damagedForeignAndMisplacedBackupsAreOneLineAndChangeNothing() async throws {
        let (_, home) = try await Self.filledHome()
        let folder = try TemporaryHome()
        let good = folder.folder.appendingPathComponent("good.zip")
        #expect(try await Self.booktag(["backup", good.path], home: home).status == 0)
        let bytes = try Data(contentsOf: good)
        // A cover is stored as it is: one of its bytes changed inside the archive.
        let cover = try #require(try home.coverFileContents().values.first { $0.count > 1000 })
        let at = try #require(bytes.range(of: cover.subdata(in: 600..<664))).lowerBound + 10
        var altered = bytes
        altered[at] ^= 0x01
        let cases: [(String, Data)] = [
            ("truncated", bytes.prefix(bytes.count / 2)), ("altered", altered),
            ("foreign", try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("fantasy.png"))),
            ("empty", Data()),
        ]
        for (name, data) in cases {
            let file = folder.folder.appendingPathComponent(name + ".zip")
            try data.write(to: file)
            for into in [try TemporaryHome(), home] {
                let before = Self.listing(into.folder)
                let run = try await Self.booktag(["restore", file.path, "--replace"], home: into)
                #expect(run.status == 65, "\(name): \(run.errors)")
                #expect(Self.isOneErrorLine(run.errors), "\(name): \(run.errors)")
                #expect(Self.listing(into.folder) == before, "\(name)")
            }
        }
        // A home that holds tags, without --replace; then with it, keeping the serve token.
        let before = Self.listing(home.folder)
        let refused = try await Self.booktag(["restore", good.path], home: home)
        #expect(refused.status == 64 && Self.isOneErrorLine(refused.errors), "\(refused.errors)")
        #expect(refused.errors.contains("--replace"))
        #expect(Self.listing(home.folder) == before)
        // Serve running on the home: refused, naming it.
        let server = try await ServeProcess(home: home.folder)
        let busy = try await Self.booktag(["restore", good.path, "--replace"], home: home)
        #expect(busy.status == 64 && busy.errors.contains("127.0.0.1:\(server.port)"), "\(busy.errors)")
        let token = server.token
        await server.stop()
        #expect(try await Self.booktag(["remove", "fantasy"], home: home).status == 0)
        let replaced = try await Self.booktag(["restore", good.path, "--replace"], home: home)
        #expect(replaced.status == 0, "\(replaced.errors)")
        #expect(try String(contentsOf: home.home.serveTokenFile, encoding: .utf8).contains(token))
        #expect(try await Self.booktag(["books", "fantasy"], home: home).status == 0)
        #expect(try Self.stagingFolders(beside: home).isEmpty)
    }

    @Test func aBackupIsNeverWrittenOverAFolderALinkOrAnotherFile() async throws {
        let (_, home) = try await Self.filledHome()
        let folder = try TemporaryHome()
        let link = folder.folder.appendingPathComponent("link.zip")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "elsewhere.zip")
        let other = folder.folder.appendingPathComponent("notes.txt")
        try Data("my notes\n".utf8).write(to: other)
        for (destination, words) in [(folder.folder, "folder"), (link, "link"), (other, "not a booktag backup")] {
            let before = Self.listing(folder.folder)
            let run = try await Self.booktag(["backup", destination.path], home: home)
            #expect(run.status == 64 && Self.isOneErrorLine(run.errors), "\(run.errors)")
            #expect(run.errors.contains(words), "\(run.errors)")
            #expect(Self.listing(folder.folder) == before, "no partial file is left")
        }
        // An earlier backup is replaced.
        let file = folder.folder.appendingPathComponent("again.zip")
        #expect(try await Self.booktag(["backup", file.path], home: home).status == 0)
        #expect(try await Self.booktag(["backup", file.path], home: home).status == 0)
    }

    /// A disk that fills half-way through: one line, nothing left on it, the home as it was. The
    /// disk is a 64 KiB tmpfs mounted in a mount namespace of the command's own (unshare).
    @Test(
        .enabled(if: getuid() == 0 && access("/usr/bin/unshare", X_OK) == 0, "needs root and unshare, to mount a tmpfs")
    )
    func aFullDiskLeavesNoPartialFile() async throws {
        let (_, home) = try await Self.filledHome()
        let disk = try TemporaryHome()
        // SQLite's shared-memory index (booktag.sqlite-shm) is touched by any reader; the rest must stay.
        let before = Self.listing(home.folder).filter { !$0.key.hasSuffix("-shm") }
        let script =
            #"mount -t tmpfs -o size=64k tmpfs "$1" && "$2" backup "$1/booktag.zip" --home "$3"; status=$?; "#
            + #"echo "left: $(ls -A "$1")"; exit $status"#
        let run = try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments = [
                "--mount", "sh", "-c", script, "sh", disk.folder.path, BooktagProcess.binary.path, home.folder.path,
            ]
            let output = Pipe()
            let errors = Pipe()
            (process.standardOutput, process.standardError) = (output, errors)
            try process.run()
            let printed = String(decoding: BooktagProcess.readToEnd(output), as: UTF8.self)
            process.waitUntilExit()
            let errorText = String(decoding: BooktagProcess.readToEnd(errors), as: UTF8.self)
            return (process.terminationStatus, printed, errorText)
        }
        #expect(run.0 != 0 && Self.isOneErrorLine(run.2), "\(run.2)")
        #expect(run.2.contains("space"), "the line says the disk is full: \(run.2)")
        #expect(run.1.hasSuffix("left: \n"), "no partial file on the full disk: \(run.1)")
        #expect(Self.listing(home.folder).filter { !$0.key.hasSuffix("-shm") } == before, "the home is as it was")
    }

    /// A backup of `fixtures/homes/v1` (written by a booktag before book ids had a source), laid
    /// out as `backup` lays one out: restored, its store is migrated as it opens, books and covers whole.
    @Test func anOlderHomesBackupIsMigratedAfterRestore() async throws {
        let folder = try TemporaryHome()
        let file = folder.folder.appendingPathComponent("v1.zip")
        try Self.writeBackup(of: Fixtures.v1Home, to: file)
        let restored = try TemporaryHome()
        let run = try await Self.booktag(["restore", file.path], home: restored)
        #expect(run.status == 0, "\(run.errors)")
        let store = try BookStore.open(home: restored.home)
        #expect(try store.integrityCheck())
        let tags = try store.tags()
        #expect(tags.map(\.name) == ["fantasy", "tiny"] && tags.map(\.bookCount) == [12, 3])
        let books = try await Self.booktag(["books", "fantasy", "--json"], home: restored)
        #expect(
            books.status == 0 && books.output.contains("\"goodreads\""),
            "ids have their source: \(books.output.prefix(300))")
        let covers = try restored.coverFileContents()
        #expect(!covers.isEmpty)
        for (path, data) in covers {
            #expect(data == (try? Data(contentsOf: Fixtures.v1Home.appendingPathComponent(path))), "cover \(path)")
        }
    }

    /// `home`'s store, covers, collages and preferences as entries with their manifest.
    static func writeBackup(of home: URL, to file: URL) throws {
        let archive = try Archive(url: file, accessMode: .create)
        var files: [BackupManifest.File] = []
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        for name in HomeBackup.regularFiles(in: home).sorted() {
            let data = try Data(contentsOf: home.appendingPathComponent(name))
            let path = name == "preferences.json" ? "config/" + name : "data/" + name
            try add(path, data)
            files.append(.init(path: path, size: Int64(data.count), sha256: SHA256Digest.hex(of: data)))
        }
        let manifest = BackupManifest(booktag: "0.1.0", created: "2025-01-01T00:00:00Z", files: files)
        try add(BackupManifest.entryName, try JSONEncoder().encode(manifest))
    }
}
