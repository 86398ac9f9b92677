import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The promises of the contract (docs/contract.md) proved against the built binary and a synthetic Goodreads on the
/// loopback interface: the throttle under load, faults, crashes, hostile input, secrets and
/// paths. Figures are printed as `FIGURE:` lines; RELIABILITY.md quotes the last run.
@Suite(.serialized) struct FaultTests {
    static let secret = "faultsuite-\(UUID().uuidString.prefix(8))-apikey"

    /// A home whose config.json points at `server`, with the API key in it (its only place).
    static func home(for server: SyntheticGoodreads, interval: Double = 0, timeout: Double = 2) throws -> TemporaryHome
    {
        let home = try TemporaryHome()
        try writeConfig(to: home.home.configFile, server: server, interval: interval, timeout: timeout)
        return home
    }

    static func writeConfig(to file: URL, server: SyntheticGoodreads, interval: Double = 0, timeout: Double = 2) throws
    {
        let config: [String: Any] = [
            "goodreads": [
                "apiKey": secret, "baseURL": server.baseURL.absoluteString, "minRequestInterval": interval,
                "timeout": timeout,
            ]
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: file)
    }

    static func booktag(_ arguments: [String], home: TemporaryHome) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path])
    }

    static func figure(_ text: String) {
        print("FIGURE: \(text)")
    }

    /// What a failed command must leave exactly as it was.
    struct Snapshot: Equatable {
        let database: Data
        let covers: [String: Data]
        let collages: [String: Data]

        init(_ home: TemporaryHome) throws {
            database = try home.checkpointedDatabase()
            covers = try home.coverFileContents()
            var collages: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path)
            where !name.hasPrefix(".") {
                collages[name] = try Data(contentsOf: home.home.collagesFolder.appendingPathComponent(name))
            }
            self.collages = collages
        }
    }

    // MARK: - 1. The throttle under load

    @Test func sixProcessesAddingAtOnceKeepRequestsASecondApart() async throws {
        let server = try SyntheticGoodreads()
        let home = try Self.home(for: server, interval: 1.0)
        let tags = (1...6).map { "load tag \($0)" }
        let start = Date()
        let folder = home.folder.path
        let runs = await withTaskGroup(of: (Int, BooktagProcess.Run?).self) { group in
            for (index, tag) in tags.enumerated() {
                group.addTask { (index, try? await BooktagProcess.run(["add", tag, "--home", folder])) }
            }
            var runs = [BooktagProcess.Run?](repeating: nil, count: tags.count)
            for await (index, run) in group { runs[index] = run }
            return runs
        }
        let elapsed = Date().timeIntervalSince(start)
        for (tag, run) in zip(tags, runs) {
            #expect(run?.status == 0, "\(tag): \(run?.errors ?? "did not run")")
        }
        let arrivals = server.apiRequests.map(\.arrival).sorted()
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        #expect(arrivals.count >= tags.count)
        #expect(gaps.allSatisfy { $0 >= 1.0 }, "gaps: \(gaps)")
        #expect(try BookStore.open(home: home.home).tags().map(\.bookCount) == Array(repeating: 12, count: 6))
        Self.figure(
            String(
                format: "throttle: 6 processes, %d API requests, smallest gap %.4f s, largest %.4f s, %.2f s in all",
                arrivals.count, gaps.min() ?? 0, gaps.max() ?? 0, elapsed))
    }

    // MARK: - 2. Faults

    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case error500Once, busy503WithRetryAfter, timeoutOnce, resetOnce, coverIsHTML, coverIs404
        case truncatedXML, htmlPageWith200, body20MiB, timeoutEveryTime

        var testDescription: String { rawValue }

        /// Whether the command succeeds (by retrying or skipping) or fails cleanly.
        var recovers: Bool {
            switch self {
            case .error500Once, .busy503WithRetryAfter, .timeoutOnce, .resetOnce, .coverIsHTML, .coverIs404: true
            case .truncatedXML, .htmlPageWith200, .body20MiB, .timeoutEveryTime: false
            }
        }

        func reply(_ request: LoopbackServer.Request, earlier: Int) -> LoopbackServer.Reply? {
            let isSearch = request.path == "/search/index.xml"
            // The first result's cover on every page, by its id's last two digits.
            let coverIndex =
                request.path.hasPrefix("/books/")
                ? (Int(request.path.split(separator: "/").last?.split(separator: ".").first ?? "") ?? 0) % 100 : -1
            switch self {
            case .error500Once where isSearch && earlier == 0:
                return LoopbackServer.Reply(status: 500, body: Data("Internal Server Error".utf8))
            case .busy503WithRetryAfter where isSearch && earlier == 0:
                return LoopbackServer.Reply(status: 503, headers: ["Retry-After": "1"], body: Data())
            case .timeoutOnce where isSearch && earlier == 0:
                return LoopbackServer.Reply(behaviour: .hang(seconds: 3))
            case .resetOnce where isSearch && earlier == 0:
                return LoopbackServer.Reply(behaviour: .reset)
            case .coverIsHTML where coverIndex == 0:
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "text/html"], body: Data("<html><body>Not a cover</body></html>".utf8))
            case .coverIs404 where coverIndex == 0:
                return LoopbackServer.Reply(status: 404, body: Data("Not Found".utf8))
            case .truncatedXML where isSearch:
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "application/xml"],
                    body: Data(
                        "<?xml version=\"1.0\"?><GoodreadsResponse><search><results><work><best_book><title>Cut".utf8))
            case .htmlPageWith200 where isSearch:
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "text/html"],
                    body: Data(
                        "<!DOCTYPE html><html><head><title>Goodreads is over capacity</title></head><body>Try later</body></html>"
                            .utf8))
            case .body20MiB where isSearch:
                return LoopbackServer.Reply(
                    headers: ["Content-Type": "application/xml"], body: Data(repeating: 0x20, count: 20 * 1024 * 1024))
            case .timeoutEveryTime where isSearch:
                return LoopbackServer.Reply(behaviour: .hang(seconds: 3))
            default:
                return nil
            }
        }
    }

    @Test(arguments: Fault.allCases)
    func aFaultIsRetriedSkippedOrReportedAndLosesNothing(_ fault: Fault) async throws {
        let healthy = try SyntheticGoodreads()
        let home = try Self.home(for: healthy, timeout: 1)
        #expect(try await Self.booktag(["add", "faults"], home: home).status == 0)
        let before = try Snapshot(home)
        let oldSet = try BookStore.open(home: home.home).books(of: TagName("faults")).map(\.book.bookID)

        let faulty = try SyntheticGoodreads { request, earlier in fault.reply(request, earlier: earlier) }
        try Self.writeConfig(to: home.home.configFile, server: faulty, timeout: 1)
        let start = Date()
        let run = try await Self.booktag(["reroll", "faults"], home: home)
        let elapsed = Date().timeIntervalSince(start)
        let books = try BookStore.open(home: home.home).books(of: TagName("faults")).map(\.book.bookID)
        if fault.recovers {
            #expect(run.status == 0, "\(fault): \(run.errors)")
            #expect(books.count == 12 && books != oldSet)
            if fault == .coverIsHTML || fault == .coverIs404 {
                #expect(
                    books.allSatisfy { ($0.goodreadsNumber ?? 0) % 100 != 0 },
                    "the book with the broken cover is skipped")
            }
            Self.figure(String(format: "fault %@: recovered in %.2f s", fault.rawValue, elapsed))
        } else {
            #expect(run.status != 0 && run.output.isEmpty)
            #expect(
                run.errors.hasPrefix("error: ") && run.errors.split(separator: "\n").count == 1,
                "\(fault): \(run.errors)")
            #expect(try Snapshot(home) == before, "\(fault): the store, covers and collage changed")
            #expect(!Self.preparedCollageExists(in: home), "\(fault): a temporary collage was left")
            Self.figure(
                String(
                    format: "fault %@: exit %d in %.2f s: %@", fault.rawValue, run.status, elapsed,
                    run.errors.trimmingCharacters(in: .newlines)))
        }
    }

    // MARK: - 3. Crashes

    @Test func killedDuringRerollTheTagHasItsOldOrItsNewSet() async throws {
        let server = try SyntheticGoodreads()
        let home = try Self.home(for: server)
        #expect(try await Self.booktag(["add", "crash"], home: home).status == 0)
        // Every complete set a reroll can leave: the first 12 covered books of some page.
        let completeSets = Set(
            (1...server.options.pages).map {
                Array(server.coveredBookIDs(query: "crash", page: $0).prefix(12).map(BookID.goodreads))
            })
        // One whole reroll, timed: from start to exit, and from the new collage's appearance
        // (just before the set is committed) to exit.
        let timing = Date()
        let (calibration, _) = try BooktagProcess.start(["reroll", "crash", "--home", home.folder.path])
        var prepared: Date?
        while calibration.isRunning {
            if prepared == nil, Self.preparedCollageExists(in: home) { prepared = Date() }
            try await Task.sleep(nanoseconds: 200_000)
        }
        #expect(calibration.terminationStatus == 0)
        let duration = Date().timeIntervalSince(timing)
        let commitWindow = Date().timeIntervalSince(prepared ?? timing)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<20 {
            let store = try BookStore.open(home: home.home)
            let before = try store.books(of: TagName("crash")).map(\.book.bookID)
            let (process, _) = try BooktagProcess.start(["reroll", "crash", "--home", home.folder.path])
            if round.isMultiple(of: 2) {
                // Anywhere in the run.
                try await Task.sleep(
                    nanoseconds: UInt64(Double.random(in: 0...(duration * 0.9), using: &generator) * 1e9))
            } else {
                // Around the commit: once the new collage is prepared (a hidden file appears
                // beside the old one), the set is about to be replaced.
                let deadline = Date().addingTimeInterval(duration * 3)
                while Date() < deadline, process.isRunning, !Self.preparedCollageExists(in: home) {
                    try await Task.sleep(nanoseconds: 200_000)
                }
                try await Task.sleep(nanoseconds: UInt64(Double.random(in: 0...commitWindow, using: &generator) * 1e9))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try BookStore.open(home: home.home)
            #expect(try after.integrityCheck(), "round \(round): integrity_check failed")
            let set = try after.books(of: TagName("crash")).map(\.book.bookID)
            #expect(completeSets.contains(set), "round \(round): a set that is neither old nor new: \(set)")
            let kind =
                process.terminationReason == .uncaughtSignal
                ? (set == before ? "killed, old set" : "killed, new set") : "finished before the kill"
            outcomes[kind, default: 0] += 1
            // The collage is the old one or the new one, whole.
            let collage = try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("crash.png"))
            #expect(ImageInfo(collage)?.format == .png, "round \(round): the collage is not a whole PNG")
        }
        // The next command that writes removes whatever the kills left behind.
        #expect(try await Self.booktag(["reroll", "crash"], home: home).status == 0)
        let store = try BookStore.open(home: home.home)
        let referenced = Set(try store.books(of: TagName("crash")).map(\.book.coverPath))
        #expect(home.coverFilesOnDisk() == referenced, "cover files no book references are left")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path).filter {
            $0.hasPrefix(".tmp-")
        }
        #expect(leftovers.isEmpty)
        Self.figure(
            String(
                format:
                    "kill -9: 20 rounds during a %.0f ms reroll (10 anywhere, 10 in the %.0f ms from the new collage's preparation to exit): %@",
                duration * 1000, commitWindow * 1000,
                outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))
    }

    static func preparedCollageExists(in home: TemporaryHome) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path)) ?? []).contains {
            $0.hasPrefix(".tmp-")
        }
    }

    // MARK: - 4. Hostile input

    static let markerPath = "/tmp/booktag-xxe-marker.txt"

    @Test(arguments: [
        "billion-laughs.xml", "quadratic-blowup.xml", "external-entity.xml", "external-dtd.xml", "parameter-entity.xml",
        "deep-nesting.xml", "invalid-utf8.xml",
    ])
    func hostileAnswersFailFastInBoundedMemoryWithoutLeaking(_ file: String) async throws {
        let marker = "BOOKTAG-E2E-MARKER-\(UUID().uuidString)"
        try marker.write(toFile: Self.markerPath, atomically: true, encoding: .utf8)
        let body = try Fixtures.data("hostile/\(file)")
        let server = try SyntheticGoodreads { request, _ in
            request.path == "/search/index.xml"
                ? LoopbackServer.Reply(headers: ["Content-Type": "application/xml"], body: body) : nil
        }
        let home = try Self.home(for: server)
        let measured = try await Self.timed(["add", "hostile", "--home", home.folder.path])
        #expect(measured.run.status == 76, "\(file): \(measured.run.status) \(measured.run.errors)")
        #expect(
            measured.run.errors.hasPrefix("error: ") && measured.run.errors.split(separator: "\n").count == 1,
            "\(file): \(measured.run.errors)")
        #expect(!measured.run.errors.contains(marker) && !measured.run.output.contains(marker))
        #expect(measured.seconds < 10, "\(file): \(measured.seconds) s")
        if let peak = measured.peakMegabytes {
            #expect(peak < 200, "\(file): \(peak) MB")
        }
        #expect(try BookStore.open(home: home.home).tags().isEmpty)
        Self.figure(
            String(
                format: "hostile %@: exit %d in %.3f s, peak %@", file, measured.run.status, measured.seconds,
                measured.peakMegabytes.map { String(format: "%.1f MB", $0) } ?? "not measured (no /usr/bin/time)"))
    }

    /// Runs booktag under GNU time when it is there, for its peak resident memory.
    static func timed(_ arguments: [String]) async throws -> (
        run: BooktagProcess.Run, seconds: Double, peakMegabytes: Double?
    ) {
        let start = Date()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            let run = try await BooktagProcess.run(arguments)
            return (run, Date().timeIntervalSince(start), nil)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "GNU-TIME %e %M", BooktagProcess.binary.path] + arguments
        process.environment = BooktagProcess.environment([:])
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var lines = err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        let timing = lines.last?.split(separator: " ") ?? []
        lines.removeLast()
        lines.removeAll {
            $0.hasPrefix("Command exited with non-zero status") || $0.hasPrefix("Command terminated by signal")
        }
        let seconds = timing.count == 3 ? Double(timing[1]) ?? 0 : Date().timeIntervalSince(start)
        let peak = timing.count == 3 ? Double(timing[2]).map { $0 / 1024 } : nil
        let errorsText = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        return (
            BooktagProcess.Run(
                status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), errors: errorsText),
            seconds, peak
        )
    }

    static let xss =
        #"<script>document.title='PWN'+'ED-1'</script><img src=x onerror="document.title='PWN'+'ED-2'"><svg onload="document.title='PWN'+'ED-3'"></svg><a href="javascript:document.title='PWN'+'ED-4'">link</a><iframe src="javascript:document.title='PWN'+'ED-5'"></iframe>"><body onload="document.title='PWN'+'ED-6'"><style>@import 'http://evil.example/x.css';</style><object data="data:text/html,<script>parent.document.title='PWN'+'ED-7'</script>"></object>"#

    @Test func xssInEveryTextFieldRendersToInertHTML() async throws {
        var options = SyntheticGoodreads.Options()
        options.hostileText = Self.xss
        let server = try SyntheticGoodreads(options: options)
        let home = try Self.home(for: server)
        #expect(try await Self.booktag(["add", "xss"], home: home).status == 0)
        let first = try #require(try BookStore.open(home: home.home).books(of: TagName("xss")).first?.book.bookID)
        let shown = try await Self.booktag(["show", "--id", first.value], home: home)
        #expect(shown.status == 0 && !shown.output.contains("\u{1B}"))
        let made = try await Self.booktag(["collage", "xss", "--format", "html"], home: home)
        #expect(made.status == 0)
        let file = URL(fileURLWithPath: made.output.trimmingCharacters(in: .whitespacesAndNewlines))
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(html.contains("Content-Security-Policy"))
        let findings = HTMLAudit.scriptCapableMarkup(in: html)
        #expect(findings.isEmpty, "\(findings)")
        #expect(html.contains("&lt;script&gt;"), "the titles are there, escaped")
        Self.figure("xss: \(HTMLAudit.elementCount(in: html)) elements audited, \(findings.count) script-capable")

        guard let chromium = Chromium.available() else {
            Self.figure("xss: headless Chromium check skipped: \(Chromium.unavailableReason)")
            return
        }
        // A control page proves Chromium runs scripts here, so that silence means something.
        let control = home.folder.appendingPathComponent("control.html")
        try Data(
            "<html><head><title>t</title></head><body><script>document.title='PWN'+'ED-0'</script></body></html>".utf8
        ).write(to: control)
        #expect(
            try await chromium.dumpDOM(control).contains("PWNED-0"), "Chromium did not run the control page's script")
        let dom = try await chromium.dumpDOM(file)
        #expect(dom.contains("<main") && !dom.contains("PWNED-"), "a script ran in the collage page")
        Self.figure("xss: headless Chromium ran the control script and no script in the collage page")
    }

    // MARK: - 5. Secrets and paths

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

    static func allFiles(under folder: URL, includingFolders: Bool = false) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if !isFolder || includingFolders { files.append(url) }
        }
        return files
    }
}
