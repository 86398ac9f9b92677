import ArgumentParser
import BookTag
import Foundation
import GRDB

/// `booktag-bench store`: the store's queries on homes of growing size, timed warm.
struct StoreBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Time list, books, ISBN lookup and replace on homes of 100, 1,000 and 10,000 tags × 12 books."
    )

    @Option(help: "Comma-separated numbers of tags.")
    var sizes = "100,1000,10000"

    @Option(help: "Timed repetitions of each operation (the median is reported).")
    var repetitions = 41

    @Flag(help: "Print one JSON document instead of a table.")
    var json = false

    struct Row: Codable {
        let tags: Int
        let databaseBytes: Int
        let populateSeconds: Double
        let milliseconds: [String: Double]  // operation → median ms
        let sqlite3CLI: SQLiteCLITiming?
    }

    struct SQLiteCLITiming: Codable {
        /// `.timer on` CPU time (user + sys) of the same list query inside the sqlite3 shell.
        let queryMilliseconds: Double
        /// The whole `sqlite3` process, start to exit.
        let processMilliseconds: Double
    }

    func run() throws {
        var rows: [Row] = []
        for size in sizes.split(separator: ",").compactMap({ Int($0) }) {
            rows.append(try measure(tags: size))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
            return
        }
        let operations = [
            "list tags", "one tag's books", "lookup by ISBN", "replace one set", "replace, covers stored",
        ]
        print("median of \(repetitions) warm runs, milliseconds")
        print(
            "tags".padding(toLength: 8, withPad: " ", startingAt: 0)
                + operations.map { $0.padding(toLength: 24, withPad: " ", startingAt: 0) }.joined()
                + "sqlite3 list (query / process)")
        for row in rows {
            var line = String(row.tags).padding(toLength: 8, withPad: " ", startingAt: 0)
            for operation in operations {
                line += String(format: "%.3f", row.milliseconds[operation] ?? .nan).padding(
                    toLength: 24, withPad: " ", startingAt: 0)
            }
            if let cli = row.sqlite3CLI {
                line += String(
                    format: "%.3f / %.3f  (booktag list ÷ sqlite3 query: %.2f×)", cli.queryMilliseconds,
                    cli.processMilliseconds,
                    (row.milliseconds["list tags"] ?? .nan) / cli.queryMilliseconds)
            } else {
                line += "sqlite3 not installed"
            }
            print(line)
        }
        if let first = rows.first, let last = rows.last, first.tags != last.tags {
            print("\ngrowth from \(first.tags) to \(last.tags) tags (× time):")
            for operation in operations {
                print(
                    "  \(operation.padding(toLength: 24, withPad: " ", startingAt: 0)) \(String(format: "%.2f", (last.milliseconds[operation] ?? .nan) / (first.milliseconds[operation] ?? .nan)))×"
                )
            }
        }
        for row in rows {
            print(
                String(
                    format: "\n%d tags: database %.1f MB, populated in %.2f s", row.tags,
                    Double(row.databaseBytes) / 1e6, row.populateSeconds), terminator: "")
        }
        print()
    }

    private func measure(tags: Int) throws -> Row {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = BookTagHome(folder: folder)
        let populateStart = Date()
        try populate(home: home, tags: tags)
        let populateSeconds = Date().timeIntervalSince(populateStart)

        let store = try BookStore.open(home: home)
        var random = SystemRandomNumberGenerator()
        let names = (0..<tags).map { try! TagName(String(format: "tag %05d", $0)) }
        var results: [String: Double] = [:]
        results["list tags"] = try median { _ = try store.tags() }
        results["one tag's books"] = try median { _ = try store.books(of: names.randomElement(using: &random)!) }
        results["lookup by ISBN"] = try median {
            let book = Int.random(in: 0..<tags * 12, using: &random)
            _ = try store.book(isbn: ISBN(Self.isbn13(for: book)))
        }
        let target = names[tags / 2]
        var round = 0
        results["replace one set"] = try median {
            round += 1
            try store.replaceBooks(
                of: target, with: Self.gatheredSet(round),
                search: SearchPosition(totalResults: 1000, pageSize: 20, startPage: round % 50 + 1))
        }
        // The database share of a replace: two sets whose covers another tag keeps on disk.
        let keeper = try TagName("zz keeper")
        try store.createTag(
            keeper, source: .goodreads, books: Self.gatheredSet(-1) + Self.gatheredSet(-2),
            search: SearchPosition(totalResults: 24, pageSize: 20, startPage: 1))
        results["replace, covers stored"] = try median {
            round += 1
            try store.replaceBooks(
                of: target, with: Self.gatheredSet(round.isMultiple(of: 2) ? -1 : -2),
                search: SearchPosition(totalResults: 1000, pageSize: 20, startPage: 1))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: home.databaseFile.path)[.size] as? Int) ?? 0
        return Row(
            tags: tags, databaseBytes: size, populateSeconds: populateSeconds, milliseconds: results,
            sqlite3CLI: try sqliteCLI(file: home.databaseFile.path, query: "SELECT * FROM tag ORDER BY key;"))
    }

    /// The median duration in milliseconds of `repetitions` runs, after two warm-up runs.
    private func median(_ body: () throws -> Void) throws -> Double {
        for _ in 0..<2 { try body() }
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return samples.sorted()[samples.count / 2]
    }

    /// Fills a new home in one transaction with the schema the store itself created.
    private func populate(home: BookTagHome, tags: Int) throws {
        _ = try BookStore.open(home: home)  // runs the migrations
        let queue = try DatabaseQueue(path: home.databaseFile.path)
        try queue.write { db in
            let now = Int64(Date().timeIntervalSince1970 * 1000)  // the store keeps milliseconds
            let tagInsert = try db.makeStatement(
                sql:
                    "INSERT INTO tag (id, key, name, createdAt, lastFetchedAt, totalResults, pageSize, startPage, bookCount) VALUES (?, ?, ?, ?, ?, 1000, 20, 1, 12)"
            )
            let coverInsert = try db.makeStatement(
                sql:
                    "INSERT INTO coverFile (path, sha256, format, width, height, byteCount) VALUES (?, ?, 'png', 300, 450, 1000)"
            )
            let bookInsert = try db.makeStatement(
                sql:
                    "INSERT INTO tagBook (tagId, position, source, sourceID, workID, title, authorName, averageRating, originalPublicationYear, coverPath) VALUES (?, ?, 'goodreads', ?, ?, ?, 'Synthetic Author', 4.0, 2001, ?)"
            )
            let detailsInsert = try db.makeStatement(
                sql:
                    "INSERT INTO book (source, sourceID, title, isbn, rawISBN13, isbn10, isbn13, authors, coverPath, fetchedAt, descriptionHTML) VALUES ('goodreads', ?, ?, ?, ?, ?, ?, '[]', ?, ?, 'A synthetic description.')"
            )
            for tag in 0..<tags {
                let name = String(format: "tag %05d", tag)
                try tagInsert.execute(arguments: [tag + 1, name, name, now, now])
                for position in 0..<12 {
                    let book = tag * 12 + position
                    let digest = String(format: "%064x", book)
                    let path = "covers/\(digest.prefix(2))/\(digest).png"
                    try coverInsert.execute(arguments: [path, digest])
                    try bookInsert.execute(arguments: [
                        tag + 1, position, String(book + 1), book + 1, "book \(book)", path,
                    ])
                    let isbn = try ISBN(Self.isbn13(for: book))
                    try detailsInsert.execute(arguments: [
                        String(book + 1), "book \(book)", isbn.isbn10, isbn.isbn13, isbn.isbn10, isbn.isbn13, path, now,
                    ])
                }
            }
        }
        try queue.close()
    }

    /// A valid ISBN-13 for synthetic book number `book`.
    static func isbn13(for book: Int) -> String {
        let core = "978" + String(format: "%09d", book)
        let digits = core.compactMap { $0.wholeNumberValue }
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
        return core + String((10 - sum % 10) % 10)
    }

    /// Twelve books with small synthetic PNG covers (headers only: the store does not decode).
    static func gatheredSet(_ round: Int) -> [GatheredBook] {
        (0..<12).map { position in
            let id = 900_000_000 + round * 100 + position  // round < 0: fixed sets that can be reused
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            bytes +=
                [0, 0, 1, 44, 0, 0, 1, 194, 8, 2, 0, 0, 0] + Array("cover \(id)".utf8)
                + [UInt8](repeating: 7, count: 20_000)
            return GatheredBook(
                work: SearchWork(
                    workID: id, id: .goodreads(id), title: "replacement \(id)", authorName: "Synthetic Author"),
                cover: Data(bytes))
        }
    }

    private func sqliteCLI(file: String, query: String) throws -> SQLiteCLITiming? {
        guard
            let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return nil
        }
        var queryTimes: [Double] = []
        var processTimes: [Double] = []
        for _ in 0..<15 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: sqlite3)
            process.arguments = [file]
            let input = Pipe()
            let pipe = Pipe()
            process.standardInput = input
            process.standardOutput = pipe
            let start = DispatchTime.now().uptimeNanoseconds
            try process.run()
            // The shell reports `.timer` only for commands read from standard input; the rows go
            // to /dev/null, the timing line still to standard output.
            input.fileHandleForWriting.write(Data(".timer on\n.output /dev/null\n\(query)\n".utf8))
            try input.fileHandleForWriting.close()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            processTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            // "Run Time: real 0.004 user 0.003215 sys 0.000412": real has only millisecond
            // resolution, so the query's CPU time (user + sys, microseconds) is used.
            let fields = output.split(whereSeparator: { $0 == " " || $0 == "\n" })
            func value(after label: String) -> Double? {
                fields.firstIndex(of: Substring(label)).flatMap {
                    fields.index(after: $0) < fields.endIndex ? Double(fields[fields.index(after: $0)]) : nil
                }
            }
            if let user = value(after: "user"), let sys = value(after: "sys") {
                queryTimes.append((user + sys) * 1000)
            }
        }
        guard !queryTimes.isEmpty else { return nil }
        return SQLiteCLITiming(
            queryMilliseconds: queryTimes.sorted()[queryTimes.count / 2],
            processMilliseconds: processTimes.sorted()[processTimes.count / 2])
    }
}
