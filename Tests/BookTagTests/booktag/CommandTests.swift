import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The built `booktag` binary, run as a process, on a home filled from the bundled recording.
@Suite(.serialized) struct CommandTests {
    typealias Run = BooktagProcess.Run

    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        try await BooktagProcess.run(arguments, environment: environment)
    }

    /// A home holding "Fantasy" (12 books) and "tiny" (3), gathered from the replay.
    static func filledHome() async throws -> TemporaryHome {
        let temporary = try TemporaryHome()
        let (gatherer, _) = try GatheringTests.gatherer()
        let library = TagMaker(store: try BookStore.open(home: temporary.home), gatherer: gatherer)
        _ = try await library.add(TagName("Fantasy"))
        _ = try await library.add(TagName("tiny"))
        return temporary
    }

    @Test func listPrintsATableAndJSON() async throws {
        let temporary = try await Self.filledHome()
        let table = try await Self.run(["list", "--home", temporary.folder.path])
        #expect(table.status == 0 && table.errors.isEmpty)
        #expect(table.output.hasPrefix("TAG") && table.output.contains("Fantasy") && table.output.contains("tiny"))
        let json = try await Self.run(["list", "--json"], environment: ["BOOKTAG_HOME": temporary.folder.path])
        let tags = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(tags?.map { $0["name"] as? String } == ["Fantasy", "tiny"])
        #expect(tags?.map { $0["books"] as? Int } == [12, 3])
    }

    /// The store a reading command opens while its arguments are parsed is the home the parse
    /// names, wherever `--home` stands and whatever `BOOKTAG_HOME` says; a home made by the
    /// first booktag is migrated by the command, as before.
    @Test func readsUseTheHomeTheArgumentsName() async throws {
        let filled = try await Self.filledHome()
        let other = try TemporaryHome()
        do {
            let store = try BookStore.open(home: other.home)
            try store.createTag(
                TagName("Elsewhere"), source: .goodreads, books: SyntheticBooks.set(1),
                search: SearchPosition(totalResults: 12, pageSize: 20, startPage: 1))
        }
        let environment = ["BOOKTAG_HOME": other.folder.path]
        for arguments in [
            ["list", "--home", filled.folder.path], ["--home", filled.folder.path, "list"],
            ["list", "--home=\(filled.folder.path)"], ["-q", "list", "--json", "--home", filled.folder.path],
        ] {
            let run = try await Self.run(arguments, environment: environment)
            #expect(
                run.status == 0 && run.output.contains("Fantasy") && !run.output.contains("Elsewhere"), "\(arguments)")
        }
        let listed = try await Self.run(["list"], environment: environment)
        #expect(listed.output.contains("Elsewhere") && !listed.output.contains("Fantasy"))
        let old = try MigrationTests.v1Home()
        let books = try await Self.run(["books", "fantasy", "--home", old.folder.path])
        #expect(books.status == 0 && books.output.split(separator: "\n").count == 13, "\(books.errors)")
    }

    /// What people type most starts without the libraries only drawing needs (Pango, cairo,
    /// fontconfig and libgd are opened on first use, see CLazyLibrary.h), and booktag needs no
    /// libcrypto at all; libxml2, libjpeg and libpng are linked the ordinary way. The dynamic
    /// loader's own log says what it loaded.
    @Test func readsLoadNoFontOrDrawingLibrary() async throws {
        let temporary = try await Self.filledHome()
        for arguments in [["--version"], ["list"], ["books", "Fantasy"], ["night", "status"]] {
            let run = try await Self.run(
                arguments + (arguments == ["--version"] ? [] : ["--home", temporary.folder.path]),
                environment: ["LD_DEBUG": "files"])
            #expect(run.status == 0, "\(arguments)")
            let loaded = run.errors.split(separator: "\n").filter { $0.contains("file=") }
            #expect(loaded.contains { $0.contains("libc.so") }, "the loader's log lists what it loads")
            #expect(loaded.contains { $0.contains("libxml2") }, "libxml2 is linked, so the loader names it")
            for library in ["libgd", "libpango", "libcairo", "libfontconfig", "libcrypto", "libssl"] {
                #expect(!loaded.contains { $0.contains(library) }, "\(arguments) loaded \(library)")
            }
        }
    }

    @Test func booksInCollageOrder() async throws {
        let temporary = try await Self.filledHome()
        let json = try await Self.run(["books", " FANTASY ", "--json", "--home", temporary.folder.path])
        #expect(json.status == 0)
        let books = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(books.map { $0["position"] as? Int } == Array(1...12))
        #expect(books.first?["title"] as? String == "The Glass Orchard")
        let cover = try #require(books.first?["cover"] as? String)
        #expect(FileManager.default.fileExists(atPath: cover))
        let missing = try await Self.run(["books", "nope", "--home", temporary.folder.path])
        #expect(missing.status == 66 && missing.output.isEmpty)
        #expect(missing.errors.hasPrefix("error: ") && missing.errors.split(separator: "\n").count == 1)
    }

    @Test func nightModePersistsAcrossProcesses() async throws {
        let temporary = try TemporaryHome()
        let home = ["--home", temporary.folder.path]
        #expect(try await Self.run(["night", "status"] + home).output == "night mode: off\n")
        #expect(try await Self.run(["night"] + home).output == "night mode: on\n")
        #expect(try await Self.run(["night", "status", "--json"] + home).output.contains("\"nightMode\" : true"))
        #expect(try await Self.run(["night", "off"] + home).output == "night mode: off\n")
        try Data("{broken".utf8).write(to: temporary.home.preferencesFile)
        let corrupt = try await Self.run(["night", "status"] + home)
        #expect(corrupt.status == 0 && corrupt.output == "night mode: off\n" && corrupt.errors.hasPrefix("warning: "))
    }

    @Test func removeKeepsOtherTagsCovers() async throws {
        let temporary = try await Self.filledHome()
        let home = ["--home", temporary.folder.path]
        #expect(try await Self.run(["collage", "fantasy"] + home).status == 0)
        let tinyCovers = try BookStore.open(home: temporary.home).books(of: TagName("tiny")).map(\.book.coverPath)
        let removed = try await Self.run(["remove", "fantasy"] + home)
        #expect(removed.status == 0 && removed.errors.contains("removed \"Fantasy\""))
        let store = try BookStore.open(home: temporary.home)
        #expect(try store.tags().map(\.name) == ["tiny"])
        #expect(temporary.coverFilesOnDisk() == Set(tinyCovers))
        #expect(
            !FileManager.default.fileExists(
                atPath: temporary.home.collagesFolder.appendingPathComponent("fantasy.png").path))
        #expect(try await Self.run(["remove", "fantasy"] + home).status == 66)
    }

    @Test func collageFollowsNightModeAndStaysInsideCollages() async throws {
        let temporary = try await Self.filledHome()
        let home = ["--home", temporary.folder.path]
        _ = try await Self.run(["night", "on"] + home)
        let made = try await Self.run(["collage", "fantasy", "--format", "html"] + home)
        #expect(made.status == 0)
        let file = made.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(file.hasPrefix(temporary.home.collagesFolder.path))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(CollageTheme.night.background.hex))
        #expect(try await Self.run(["collage", "../../fantasy"] + home).status == 66, "an unknown tag, not a path")
    }

    @Test func usageErrorsAreOneLineWithStatus64() async throws {
        for arguments in [
            ["bogus"], ["collage"], ["collage", "x", "--columns", "99"], ["night", "sideways"], ["books", ""],
        ] {
            let run = try await Self.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run.status)")
            #expect(
                run.errors.hasPrefix("error: ") && run.errors.split(separator: "\n").count == 1,
                "\(arguments): \(run.errors)")
        }
    }
}
