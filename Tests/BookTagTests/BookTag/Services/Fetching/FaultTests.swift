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

    static func preparedCollageExists(in home: TemporaryHome) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path)) ?? []).contains {
            $0.hasPrefix(".tmp-")
        }
    }

    // MARK: - 4. Hostile input

    static let markerPath = "/tmp/booktag-xxe-marker.txt"

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
        let out = BooktagProcess.readToEnd(output)
        let err = String(decoding: BooktagProcess.readToEnd(errors), as: UTF8.self)
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

    // MARK: - 5. Secrets and paths

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
