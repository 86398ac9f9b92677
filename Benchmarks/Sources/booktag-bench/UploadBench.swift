import ArgumentParser
import BookTag
import BookTagTestSupport
import Foundation
import Synchronization

/// `booktag-bench upload`: a SYNTHETIC export of `rows` books uploaded to a real `booktag serve`
/// (`POST /api/imports`, the file streamed as the body) and imported against a fake Open Library
/// on 127.0.0.1, while `clients` other clients ask for the tags page and `/api/tags`. Reports the
/// server's resident memory before and at its peak (beside the file's size), the upload's and
/// the import's time, and the other requests' latency meanwhile.
struct UploadBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload and import an export through booktag serve while other clients use it: memory and latency."
    )

    @Option(help: "Rows in the export.") var rows = 20_000
    @Option(help: "The export's format: goodreads or storygraph.") var format = "goodreads"
    @Option(help: "The booktag executable to serve (a release build).") var booktag = ".build/release/booktag"
    @Option(help: "Other clients at once during the upload and import.") var clients = 2
    @Flag(help: "Serve genuine covers (the Calibre fixture's five, 36-258 KB) instead of tiny synthetic PNGs.")
    var realCovers = false

    func run() async throws {
        let books = SyntheticExport.books(count: rows)
        let openLibrary = try FakeOpenLibrary(
            books: books, coverImages: realCovers ? try GenuineCovers.calibre(packageRoot: Corpus.packageRoot) : [])
        defer { openLibrary.server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-upload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = BookTagHome(folder: folder.appendingPathComponent("home"))
        try FileManager.default.createDirectory(at: home.configFolder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: [
            "openlibrary": [
                "baseURL": openLibrary.baseURL.absoluteString, "coversURL": openLibrary.baseURL.absoluteString,
                "minRequestInterval": 0,
            ]
        ]).write(to: home.configFile)
        let text: String
        switch format {
        case "goodreads": text = SyntheticExport.csv(books)
        case "storygraph": text = SyntheticExport.storyGraphCSV(books)
        default: throw ValidationError("--format is goodreads or storygraph")
        }
        let file = Data(text.utf8)

        let server = try ServeProcess(booktag: booktag, home: home.configFolder.path)
        defer { server.stop() }
        // Warm the pages the clients ask for, so the baseline includes what any served page holds.
        let paths = ["/", "/api/tags"]
        for path in paths + paths { _ = try server.request("GET", path) }
        let cold = server.memory()
        // A first, small import (the same books' first 500 rows) pages in what any import uses:
        // the growth measured is then the large file's, not the first import's.
        let warmUp = Data(
            (format == "goodreads"
                ? SyntheticExport.csv(Array(books.prefix(500)))
                : SyntheticExport.storyGraphCSV(Array(books.prefix(500)))).utf8)
        let first = try server.upload(warmUp, path: "/api/imports?format=\(format)")
        guard first.status == 202,
            let firstJob = (try? JSONSerialization.jsonObject(with: first.body) as? [String: Any])?["job"] as? String
        else {
            throw ValidationError(
                "the first import answered \(first.status): \(String(decoding: first.body, as: UTF8.self))")
        }
        _ = try server.waitForJob(firstJob)
        usleep(500_000)
        let before = server.memory()

        let running = Atomic<Bool>(true)
        let results = Mutex<[(wall: [Double], server: [Double], errors: [String])]>([])
        let threads = (0..<clients).map { number in
            Thread { [port = server.port, token = server.token] in
                let outcome = ServeLoad.client(port: port, token: token, paths: paths, first: number) {
                    running.load(ordering: .relaxed)
                }
                results.withLock { $0.append(outcome) }
            }
        }
        for thread in threads { thread.start() }
        // The server's resident memory, sampled while it works (its high-water mark is read too).
        let peakSample = Atomic<Int>(0)
        let peakAnonymous = Atomic<Int>(0)
        let sampler = Thread { [server] in
            while running.load(ordering: .relaxed) {
                let now = server.memory()
                if now.resident > peakSample.load(ordering: .relaxed) {
                    peakSample.store(now.resident, ordering: .relaxed)
                }
                if now.anonymous > peakAnonymous.load(ordering: .relaxed) {
                    peakAnonymous.store(now.anonymous, ordering: .relaxed)
                }
                usleep(5_000)
            }
        }
        sampler.start()

        let started = ContinuousClock.now
        let answer = try server.upload(file, path: "/api/imports?format=\(format)")
        let uploaded = ContinuousClock.now - started
        guard answer.status == 202,
            let job = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["job"] as? String
        else {
            running.store(false, ordering: .relaxed)
            throw ValidationError(
                "POST /api/imports answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        }
        let state = try server.waitForJob(job)
        let imported = ContinuousClock.now - started
        running.store(false, ordering: .relaxed)
        while results.withLock({ $0.count }) < clients { usleep(10_000) }
        let highWater = server.memory().highWater
        usleep(500_000)
        let after = server.memory()
        let tags =
            (try JSONSerialization.jsonObject(with: try server.request("GET", "/api/tags").body) as? [[String: Any]])
            ?? []

        let all = results.withLock { $0 }
        let wall = all.flatMap(\.wall)
        let inside = all.flatMap(\.server)
        let errors = all.flatMap(\.errors)
        let peak = max(highWater, peakSample.load(ordering: .relaxed))
        let size = Double(file.count) / 1e6
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
        func growth(_ from: Int, _ to: Int) -> String {
            String(
                format: "grew %.1f MB = %.2f× the file's size", Double(to - from) / 1e6, Double(to - from) / 1e6 / size)
        }
        print(
            "upload and import of a SYNTHETIC \(format) export of \(rows) rows (\(String(format: "%.1f", size)) MB) through booktag serve (\(booktag)), against a loopback Open Library (no delay, interval 0, \(realCovers ? "genuine covers of 36-258 KB" : "SYNTHETIC covers of 60 x 90 px")), \(clients) other clients meanwhile"
        )
        print(
            String(
                format: "job %@: upload answered in %.2f s, import done after %.2f s; %d tags, %d books",
                (state["state"] as? String ?? "?"), seconds(uploaded), seconds(imported), tags.count,
                tags.reduce(0) { $0 + ($1["books"] as? Int ?? 0) }))
        print(
            "server memory: \(megabytes(cold.resident)) resident when started; \(megabytes(before.resident)) after a first import of 500 rows"
        )
        print(
            "  resident (VmRSS): \(megabytes(before.resident)) before, peak \(megabytes(peak)): \(growth(before.resident, peak)) (the bar: at most 2×); \(megabytes(after.resident)) once done"
        )
        print(
            "  anonymous (RssAnon, the heap without code and fonts): \(megabytes(before.anonymous)) before, peak \(megabytes(peakAnonymous.load(ordering: .relaxed))): \(growth(before.anonymous, peakAnonymous.load(ordering: .relaxed))); \(megabytes(after.anonymous)) once done"
        )
        print(
            String(
                format:
                    "other requests meanwhile (%@): %d, %d errors; wall p50 %.2f ms p99 %.2f ms (the bar: p99 at most 50 ms); server p50 %.2f ms p99 %.2f ms",
                paths.joined(separator: ", "), wall.count, errors.count, ServeLoad.percentile(wall, 0.5),
                ServeLoad.percentile(wall, 0.99),
                ServeLoad.percentile(inside, 0.5), ServeLoad.percentile(inside, 0.99)))
        for error in errors.prefix(5) { print("    " + error) }
        if let error = state["error"] as? String { print("job error: \(error)") }
    }

    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A `booktag serve` child on 127.0.0.1 with its address and token, asked over plain sockets.
final class ServeProcess: Sendable {
    let process: Process
    let port: Int
    let token: String

    init(booktag: String, home: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: booktag)
        process.arguments = ["serve", "--port", "0", "--home", home]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        (_, port, token) = try RawHTTP.serveAddress(from: output.fileHandleForReading)
        self.process = process
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// Polls `/api/jobs/ID` until the job is no longer running; its last state.
    func waitForJob(_ job: String) throws -> [String: Any] {
        var state: [String: Any] = [:]
        repeat {
            usleep(20_000)
            state =
                (try JSONSerialization.jsonObject(with: try request("GET", "/api/jobs/\(job)").body) as? [String: Any])
                ?? [:]
        } while state["state"] as? String == "running"
        return state
    }

    /// The server's resident set, its anonymous part and its high-water mark, in bytes (from /proc).
    func memory() -> (resident: Int, anonymous: Int, highWater: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            return (Int(line.split(whereSeparator: \.isWhitespace)[1]) ?? 0) * 1024
        }
        return (field("VmRSS"), field("RssAnon"), field("VmHWM"))
    }

    func request(_ method: String, _ path: String) throws -> RawHTTP.Response {
        try RawHTTP.exchange(
            Data(
                "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n"
                    .utf8), port: port)
    }

    /// Sends `body` in 64 KiB writes, as a browser streams a file.
    func upload(_ body: Data, path: String) throws -> RawHTTP.Response {
        let head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nContent-Type: text/csv\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return try RawHTTP.exchange(Data(head.utf8) + body, port: port, chunk: 65_536)
    }
}
