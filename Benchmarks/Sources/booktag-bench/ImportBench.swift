import ArgumentParser
import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation

/// `booktag-bench import`: importing a SYNTHETIC Goodreads export against a fake Open Library
/// on 127.0.0.1 that takes `latency` per search and `cover-latency` per cover, through the real
/// throttle. Reports the wall time split into the throttle's floor and the rest, API calls per
/// 100 books and the process's peak memory; beside it, the per-book way (one look-up per book)
/// measured on its first rows.
struct ImportBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Time an export's import (covers found in batches, downloaded by id) against a slow loopback Open Library."
    )

    @Option(help: "Rows in the export.") var rows = 1000
    @Option(help: "Seconds the server waits before every search answer.") var latency = 0.3
    @Option(help: "Seconds the server waits before every cover.") var coverLatency = 0.25
    @Option(help: "Seconds between API requests (1.0 is booktag's default).") var interval = 1.0
    @Option(help: "Rows the per-book way is measured on (0: not at all).") var naiveRows = 10

    func run() async throws {
        let books = SyntheticExport.books(count: rows)
        let server = try FakeOpenLibrary(books: books, apiDelay: latency, coverDelay: coverLatency)
        defer { server.server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("export.csv")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(SyntheticExport.csv(books).utf8).write(to: file)
        let baseline = XMLPeakMemory.maxRSSMegabytes()

        let store = try BookStore.open(home: BookTagHome(folder: folder.appendingPathComponent("home")))
        let transport = HTTPClientTransport()
        let client = OpenLibraryClient(
            baseURL: server.baseURL, coversURL: server.baseURL, transport: transport,
            throttle: RequestThrottle(folder: folder.appendingPathComponent("throttle")),
            minimumRequestInterval: interval)
        let start = DispatchTime.now().uptimeNanoseconds
        var exportRows: [ImportedBook] = []
        let summary = try ExportReader.read(file) { exportRows.append($0) }
        let plans = try ExportSelection(tagName: "everything").plans(for: exportRows)
        let read = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let importer = ExportImporter(
            store: store, search: CoverSearch(client: client), covers: CoverDownloader(transport: transport))
        let outcomes = try await importer.importTags(
            plans, collage: CollageOptions(format: .jpeg, columns: 10, nightMode: false))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        await transport.shutdown()
        let calls = server.searchRequests.count
        let floor = Double(max(0, calls - 1)) * interval
        print(
            "import of \(summary.rows) rows (SYNTHETIC export) against a loopback Open Library: \(Int(latency * 1000)) ms per search answer, \(Int(coverLatency * 1000)) ms per cover, interval \(interval) s"
        )
        print(
            String(
                format:
                    "booktag: %.3f s wall (CSV read and tags chosen in %.3f s); %d search.json calls = %.2f per 100 books; throttle floor %.1f s; above the floor %.3f s",
                seconds, read, calls, Double(calls) * 100 / Double(max(1, summary.rows)), floor, seconds - floor))
        print(
            "books stored: \(outcomes.first?.books ?? 0), without a cover: \(outcomes.first?.withoutCover ?? 0), covers downloaded: \(server.coverRequests.count)"
        )
        print(
            String(
                format: "peak memory: %.1f MB (%.1f MB before the import)", XMLPeakMemory.maxRSSMegabytes(), baseline))

        guard naiveRows > 0 else { return }
        // The per-book way: one search per book, then its cover, one book at a time.
        let naiveTransport = HTTPClientTransport()
        let naiveClient = OpenLibraryClient(
            baseURL: server.baseURL, coversURL: server.baseURL, transport: naiveTransport,
            throttle: RequestThrottle(folder: folder.appendingPathComponent("throttle-naive")),
            minimumRequestInterval: interval)
        let naiveSearch = CoverSearch(client: naiveClient)
        let downloader = CoverDownloader(transport: naiveTransport)
        let naiveStart = DispatchTime.now().uptimeNanoseconds
        for row in exportRows.prefix(naiveRows) {
            let book = CoverSearch.Book(
                key: row.key, isbn13: row.isbn13, isbn10: row.isbn10, title: row.title, author: row.author)
            if let id = try await naiveSearch.matches(for: [book])[row.key]?.coverID,
                let url = OpenLibraryDecoder.coverURL(id: id, base: server.baseURL)
            {
                _ = try await downloader.cover(imageURL: url)
            }
        }
        let naive = Double(DispatchTime.now().uptimeNanoseconds - naiveStart) / 1e9
        await naiveTransport.shutdown()
        let perBook = naive / Double(naiveRows)
        print(
            String(
                format:
                    "per-book look-ups (measured on the first %d rows): %.3f s a book, so about %.0f s for %d rows (%.1f× booktag's wall time), %d+ API calls",
                naiveRows, perBook, perBook * Double(summary.rows), summary.rows,
                perBook * Double(summary.rows) / seconds, summary.rows))
    }
}

/// `booktag-bench shelf`: `add --shelf` of a SYNTHETIC shelf of `books` books, 100 a feed page,
/// against a loopback server that takes `latency` per page and `cover-latency` per cover.
struct ShelfBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf",
        abstract: "Time gathering every covered book of a shelf feed against a slow loopback server."
    )

    @Option(help: "Books on the shelf.") var books = 300
    @Option(help: "Seconds the server waits before every feed page.") var latency = 0.3
    @Option(help: "Seconds the server waits before every cover.") var coverLatency = 0.25
    @Option(help: "Seconds between API requests.") var interval = 1.0

    func run() async throws {
        let total = books
        let perPage = 100
        let cover = SyntheticBooks.pngCover(seed: "shelf benchmark") + Data(count: 30_000)
        let portBox = PortBox()
        let server = try LoopbackServer { [latency, coverLatency] request in
            if request.path.hasPrefix("/covers/") {
                return .init(
                    headers: ["Content-Type": "image/png"], body: cover + Data(request.path.utf8), delay: coverLatency)
            }
            let page = Int(request.query["page"] ?? "1") ?? 1
            let range = ((page - 1) * perPage)..<min(total, page * perPage)
            let items = range.map { index in
                """
                <item><title>Book \(index)</title><book_id>\(8_000_000 + index)</book_id>\
                <book_large_image_url><![CDATA[http://127.0.0.1:\(portBox.port)/covers/\(index)._SY475_.jpg]]></book_large_image_url>\
                <author_name>A</author_name><user_read_at><![CDATA[Tue, 11 Aug 2025 00:00:00 +0000]]></user_read_at></item>
                """
            }.joined()
            let body =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>bench</title>\(items)</channel></rss>"
            return .init(headers: ["Content-Type": "application/rss+xml"], body: Data(body.utf8), delay: latency)
        }
        portBox.port = server.port
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-shelf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = HTTPClientTransport()
        let client = GoodreadsShelfClient(
            baseURL: server.baseURL, transport: transport, throttle: RequestThrottle(folder: folder),
            minimumRequestInterval: interval)
        let start = DispatchTime.now().uptimeNanoseconds
        let gathering = try await Gatherer(source: client, covers: CoverDownloader(transport: transport)).gather(
            query: "12345/read", count: .max)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        await transport.shutdown()
        let pages = gathering.pagesFetched.count
        let floor = Double(pages - 1) * interval
        print(
            "shelf of \(total) books, \(perPage) a feed page, on a loopback server: \(Int(latency * 1000)) ms per page, \(Int(coverLatency * 1000)) ms per cover, interval \(interval) s"
        )
        print(
            String(
                format:
                    "booktag: %d books with covers, pages fetched %@ (%d API calls), %.3f s wall, throttle floor %.1f s, above the floor %.3f s",
                gathering.books.count, gathering.pagesFetched.map(String.init).joined(separator: ","), pages, seconds,
                floor, seconds - floor))
    }
}

/// The loopback server's port, known once it listens, for the pages that name covers on it.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt16 = 0
    var port: UInt16 {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
