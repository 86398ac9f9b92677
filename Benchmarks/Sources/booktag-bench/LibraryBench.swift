import ArgumentParser
import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation
import GRDB

/// `booktag-bench libraries`: one SYNTHETIC library of `rows` books written as a Goodreads export
/// and as a StoryGraph export, each imported whole in a process of its own (so each peak is its
/// own) against a fake Open Library on 127.0.0.1 with no delay: wall time and peak memory side
/// by side.
struct LibraryBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "libraries",
        abstract:
            "Compare a StoryGraph export's import with a Goodreads export's of the same books: time and peak memory."
    )

    @Option(help: "Books in the library.") var rows = 20_000

    func run() async throws {
        let books = SyntheticExport.books(count: rows)
        let server = try FakeOpenLibrary(books: books)
        defer { server.server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-libraries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            ("Goodreads", folder.appendingPathComponent("goodreads_library_export.csv"), SyntheticExport.csv(books)),
            ("StoryGraph", folder.appendingPathComponent("storygraph.csv"), SyntheticExport.storyGraphCSV(books)),
        ]
        print(
            "import of one SYNTHETIC library of \(rows) books, each export in its own process, against a loopback Open Library (no delay, interval 0)"
        )
        var peaks: [Double] = []
        for (name, file, text) in files {
            try Data(text.utf8).write(to: file)
            let home = folder.appendingPathComponent("home-\(name)")
            let result = try LibraryChild.spawn(file: file, home: home, openLibrary: server.baseURL)
            peaks.append(result.peak)
            print(
                String(
                    format: "%-10@ %6.1f MB file  %7.2f s  peak %6.1f MB  %d rows, %d books stored in %d tag(s)",
                    name as NSString, Double(text.utf8.count) / 1e6, result.seconds, result.peak, result.rows,
                    result.books, result.tags))
        }
        print(
            String(
                format: "StoryGraph's peak is %.1f%% of Goodreads' (the bar: at most 110%%)", peaks[1] / peaks[0] * 100)
        )
    }
}

/// `booktag-bench calibre`: a SYNTHETIC Calibre library of `books` books, each with its own
/// `cover.jpg`, made from the genuine library in fixtures/libraries/calibre (its schema and its
/// five books kept; Calibre's own SQL functions stood in for while writing), imported in a
/// process of its own with no network: wall time and peak memory.
struct CalibreBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibre",
        abstract: "Time importing a Calibre library of thousands of books with covers (no network)."
    )

    @Option(help: "Books in the library (the genuine library's five included).") var books = 2000
    @Option(help: "The genuine library to start from.") var template =
        "fixtures/libraries/calibre/finleyge-mycalibredatebase"
    @Option(help: "Make the library in this folder and keep it (for profiling the import alone).") var keep: String?

    func run() async throws {
        let folder =
            keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "booktag-bench-calibre-\(UUID().uuidString)")
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        let library = folder.appendingPathComponent("Bench Library")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: template), to: library)
        let coverBytes = try Self.makeLibrary(library, books: books)
        // The library's 2,000 new files reach the disk before the clock starts, so that their
        // write-back does not land in the import's time.
        sync()
        // Nothing answers on this address: a request would fail the import.
        let result = try LibraryChild.spawn(
            file: library, home: folder.appendingPathComponent("home"), openLibrary: URL(string: "http://127.0.0.1:9")!)
        print(
            "import of a SYNTHETIC Calibre library of \(books) books (\(String(format: "%.1f", Double(coverBytes) / 1e6)) MB of cover.jpg), in its own process, no network"
        )
        print(
            String(
                format: "booktag: %.2f s wall, peak %.1f MB; %d books in %d tags; %.2f ms a book", result.seconds,
                result.peak, result.books, result.tags,
                result.seconds * 1000 / Double(max(1, result.books))))
    }

    /// Adds books to the copied library until it holds `books`, each with an author, a tag, an
    /// ISBN, a rating and a distinct `cover.jpg` (the genuine cover with a comment of its own);
    /// returns the covers' bytes.
    static func makeLibrary(_ library: URL, books: Int) throws -> Int {
        let queue = try DatabaseQueue(path: library.appendingPathComponent("metadata.db").path)
        let cover = try Data(
            contentsOf: FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == "cover.jpg" }!)
        var bytes = 0
        try queue.inDatabase { db in
            // Calibre's triggers call its own functions; stand-ins are enough to write rows.
            db.add(function: DatabaseFunction("title_sort", argumentCount: 1, pure: true) { $0[0] })
            db.add(function: DatabaseFunction("uuid4", argumentCount: 0) { _ in UUID().uuidString.lowercased() })
            let existing = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM books") ?? 0
            try db.inTransaction {
                for n in existing..<books {
                    let author = "Synthetic Author \(n % 97)"
                    let path = "\(author)/Synthetic Book \(n) (\(n + 1000))"
                    try db.execute(
                        sql:
                            "INSERT INTO books (id, title, path, has_cover, timestamp, pubdate) VALUES (?, ?, ?, 1, '2024-07-29 21:04:45+00:00', '2001-01-01 00:00:00+00:00')",
                        arguments: [n + 1000, "Synthetic Book \(n)", path])
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO authors (name, sort) VALUES (?, ?)", arguments: [author, author])
                    try db.execute(
                        sql: "INSERT INTO books_authors_link (book, author) SELECT ?, id FROM authors WHERE name = ?",
                        arguments: [n + 1000, author])
                    let tag = "synthetic shelf \(n % 7)"
                    try db.execute(sql: "INSERT OR IGNORE INTO tags (name) VALUES (?)", arguments: [tag])
                    try db.execute(
                        sql: "INSERT INTO books_tags_link (book, tag) SELECT ?, id FROM tags WHERE name = ?",
                        arguments: [n + 1000, tag])
                    try db.execute(
                        sql: "INSERT INTO identifiers (book, type, val) VALUES (?, 'isbn', ?)",
                        arguments: [n + 1000, SyntheticExport.isbn10For(70_000_000 + n)])
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO ratings (rating) VALUES (?)", arguments: [2 * (1 + n % 5)])
                    try db.execute(
                        sql: "INSERT INTO books_ratings_link (book, rating) SELECT ?, id FROM ratings WHERE rating = ?",
                        arguments: [n + 1000, 2 * (1 + n % 5)])
                    let folder = library.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    // A COM segment right after SOI makes each file its own, still a JPEG.
                    let comment = Data("synthetic cover \(n)".utf8)
                    var jpeg = cover.prefix(2)
                    jpeg.append(contentsOf: [
                        0xFF, 0xFE, UInt8((comment.count + 2) >> 8), UInt8((comment.count + 2) & 0xFF),
                    ])
                    jpeg.append(comment)
                    jpeg.append(cover.dropFirst(2))
                    try jpeg.write(to: folder.appendingPathComponent("cover.jpg"))
                    bytes += jpeg.count
                }
                return .commit
            }
        }
        try queue.close()
        return bytes
    }
}

/// `booktag-bench library-child`: one import, in this process alone, through the same use case
/// as `booktag import`; prints one line of figures for the parent.
struct LibraryChild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "library-child", shouldDisplay: false)

    @Option var file: String
    @Option var home: String
    @Option var openLibrary: String

    struct Result {
        var seconds: Double
        var peak: Double
        var rows: Int
        var books: Int
        var tags: Int
    }

    func run() async throws {
        let home = BookTagHome(folder: URL(fileURLWithPath: home))
        try FileManager.default.createDirectory(at: home.configFolder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: [
            "openlibrary": ["baseURL": openLibrary, "coversURL": openLibrary, "minRequestInterval": 0]
        ])
        .write(to: home.configFile)
        let transport = HTTPClientTransport()
        let workspace = Workspace(home: home, network: { _ in transport })
        let start = DispatchTime.now().uptimeNanoseconds
        let importLibrary = ImportLibrary(workspace: workspace, store: try BookStore.open(home: home))
        let plan = try importLibrary.plan(ImportRequest(file: URL(fileURLWithPath: file)))
        let (outcomes, _) = try await importLibrary.run(
            plan, configuration: try workspace.configuration(), nightMode: false)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        await transport.shutdown()
        print(
            seconds, XMLPeakMemory.maxRSSMegabytes(), plan.summary.rows, outcomes.reduce(0) { $0 + $1.books },
            outcomes.count { $0.tag != nil })
    }

    /// Runs an import in a child process of this benchmark and reads its figures.
    static func spawn(file: URL, home: URL, openLibrary: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = [
            "library-child", "--file", file.path, "--home", home.path, "--open-library", openLibrary.absoluteString,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 5 else {
            throw ValidationError("the import failed (status \(process.terminationStatus))")
        }
        return Result(
            seconds: Double(fields[0]) ?? 0, peak: Double(fields[1]) ?? 0, rows: Int(fields[2]) ?? 0,
            books: Int(fields[3]) ?? 0, tags: Int(fields[4]) ?? 0)
    }
}
