import ArgumentParser
import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation
import Synchronization

/// `booktag-bench gather`: gathering 12 covered books against a loopback server that adds
/// latency to every response, next to the naive way, in the same run; for Goodreads (search
/// pages of 20) or Open Library (subject pages of 30, covers by id).
struct GatherBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gather",
        abstract: "Time gathering 12 covered books (pages partly without covers) against a slow loopback server."
    )

    @Option(help: "Seconds the server waits before every response.")
    var latency = 0.05

    @Option(help: "Seconds the server waits before every cover.")
    var coverLatency = -1.0

    @Option(help: "Results with a real cover on each page (20 for Goodreads, 30 for Open Library; the rest have none).")
    var coveredPerPage = 10

    @Option(help: "goodreads or openlibrary.")
    var source = SourceKind.goodreads

    @Option(help: "Seconds between API requests (1.0 is Goodreads' rule).")
    var interval = 1.0

    @Option(help: "Runs of each version, alternating; the median is reported.")
    var runs = 3

    struct Run {
        var seconds: Double
        var apiCalls: Int
        var floor: Double { Double(max(0, apiCalls - 1)) }
    }

    func run() async throws {
        // The pages name cover URLs on the server itself, whose port is known once it listens.
        let port = Mutex<UInt16>(0)
        let latency = latency
        let coverLatency = coverLatency < 0 ? latency : coverLatency
        let covered = max(1, min(source == .openlibrary ? 30 : 20, coveredPerPage))
        let server = try LoopbackServer { request in
            Self.answer(
                request, latency: latency, coverLatency: coverLatency, covered: covered, port: port.withLock { $0 })
        }
        port.withLock { $0 = server.port }
        defer { server.stop() }
        var concurrent: [Run] = []
        var naive: [Run] = []
        for _ in 0..<runs {
            concurrent.append(
                try await measure(server: server) { client, downloader in
                    let gathering = try await Gatherer(source: client, covers: downloader).gather(
                        query: "fantasy", count: 12)
                    precondition(gathering.books.count == 12, "the benchmark pages hold enough covers")
                })
            naive.append(
                try await measure(server: server) { client, downloader in
                    try await Self.naiveGather(client: client, downloader: downloader, count: 12, interval: interval)
                })
        }
        func median(_ runs: [Run]) -> Run { runs.sorted { $0.seconds < $1.seconds }[runs.count / 2] }
        let ours = median(concurrent)
        let theirs = median(naive)
        let floorOurs = ours.floor * interval
        let floorTheirs = theirs.floor * interval
        print(
            "\(source.displayName) on a loopback server, \(Int(latency * 1000)) ms added to every API response, \(Int(coverLatency * 1000)) ms to every cover; interval \(interval) s; \(covered) of \(source == .openlibrary ? 30 : 20) results a page with covers; median of \(runs)"
        )
        print(
            String(
                format: "booktag gatherer: %.3f s wall, %d API calls, throttle floor %.1f s, above the floor %.3f s",
                ours.seconds, ours.apiCalls, floorOurs, ours.seconds - floorOurs))
        print(
            String(
                format:
                    "naive (call, covers one by one, wait, next call): %.3f s wall, %d API calls, above its floor %.3f s",
                theirs.seconds, theirs.apiCalls, theirs.seconds - floorTheirs))
        print(
            String(
                format: "naive ÷ booktag: %.2f× wall time, %.2f× time above the throttle floor",
                theirs.seconds / ours.seconds, (theirs.seconds - floorTheirs) / (ours.seconds - floorOurs)))
        print(
            "runs (booktag / naive, s): "
                + zip(concurrent, naive).map { String(format: "%.3f/%.3f", $0.seconds, $1.seconds) }.joined(
                    separator: "  "))
    }

    private func measure(server: LoopbackServer, _ body: (any BookSource, CoverDownloader) async throws -> Void)
        async throws -> Run
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-gather-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = HTTPClientTransport()
        func apiCalls() -> Int {
            server.requests.filter { $0.path.hasSuffix(".xml") || $0.path.hasPrefix("/subjects/") }.count
        }
        let before = apiCalls()
        let throttle = RequestThrottle(folder: folder)
        let client: any BookSource =
            source == .openlibrary
            ? OpenLibraryClient(
                baseURL: server.baseURL, coversURL: server.baseURL, transport: transport, throttle: throttle,
                minimumRequestInterval: interval)
            : GoodreadsClient(
                baseURL: server.baseURL, apiKey: "bench", transport: transport, throttle: throttle,
                minimumRequestInterval: interval)
        let start = DispatchTime.now().uptimeNanoseconds
        try await body(client, CoverDownloader(transport: transport))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        await transport.shutdown()
        return Run(seconds: seconds, apiCalls: apiCalls() - before)
    }

    /// The original app's way: one page, its covers one at a time, a full wait, the next page.
    static func naiveGather(client: any BookSource, downloader: CoverDownloader, count: Int, interval: Double)
        async throws
    {
        var kept = 0
        var page = 1
        while kept < count {
            let results = try await client.searchPage(for: "fantasy", page: page)
            for work in results.works where kept < count {
                if case .success = try await downloader.cover(of: work) { kept += 1 }
            }
            guard kept < count, results.resultsEnd < results.totalResults else { return }
            try await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            page += 1
        }
    }

    static let cover = SyntheticBooks.pngCover(seed: "benchmark cover") + Data(count: 30_000)

    static func answer(
        _ request: LoopbackServer.Request, latency: Double, coverLatency: Double, covered: Int, port: UInt16
    ) -> LoopbackServer.Reply {
        if request.path.hasPrefix("/books/") || request.path.hasPrefix("/b/id/") {
            return .init(headers: ["Content-Type": "image/png"], body: cover, delay: coverLatency)
        }
        if request.path.hasPrefix("/subjects/") {
            return .init(
                headers: ["Content-Type": "application/json"], body: subjectsJSON(request, covered: covered),
                delay: latency)
        }
        let page = Int(request.query["page"] ?? "1") ?? 1
        let works = (0..<20).map { index -> SearchWork in
            let id = page * 100 + index
            // Covered results alternate with placeholders first, then fill the rest.
            let rank = index.isMultiple(of: 2) ? index / 2 : 10 + index / 2
            let image =
                rank < covered
                ? "http://127.0.0.1:\(port)/books/1300000000m/\(id).jpg"
                : "https://s.gr-assets.com/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png"
            return SearchWork(workID: id, id: .goodreads(id), title: "Book \(id)", imageURL: image)
        }
        return .init(
            headers: ["Content-Type": "application/xml"], body: Data(searchXML(page: page, works: works).utf8),
            delay: latency)
    }

    /// A subject page of 30 works, `covered` of them with a cover id, 600 in all.
    static func subjectsJSON(_ request: LoopbackServer.Request, covered: Int) -> Data {
        let offset = Int(request.query["offset"] ?? "0") ?? 0
        let works = (0..<30).map { index -> String in
            let id = offset + index
            let rank = index.isMultiple(of: 2) ? index / 2 : 15 + index / 2
            let cover = rank < covered ? String(id + 1) : "null"
            return
                "{\"key\": \"/works/OL\(id + 1)W\", \"title\": \"Book \(id)\", \"cover_id\": \(cover), \"authors\": [{\"name\": \"A\"}]}"
        }
        return Data("{\"work_count\": 600, \"works\": [\(works.joined(separator: ", "))]}".utf8)
    }

    static func searchXML(page: Int, works: [SearchWork]) -> String {
        let start = (page - 1) * 20 + 1
        let items = works.map { work in
            "<work><id type=\"integer\">\(work.workID ?? 0)</id><best_book type=\"Book\"><id type=\"integer\">\(work.id.value)</id><title>\(work.title)</title><image_url>\(work.imageURL ?? "")</image_url></best_book></work>"
        }.joined()
        return
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><GoodreadsResponse><search><query>fantasy</query><results-start>\(start)</results-start><results-end>\(start + 19)</results-end><total-results>200</total-results><results>\(items)</results></search></GoodreadsResponse>"
    }
}
