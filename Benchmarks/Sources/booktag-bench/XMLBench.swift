import ArgumentParser
import BookTag
import Foundation

/// `booktag-bench xml`: booktag's decoder next to SWXMLHash and Foundation's XMLParser.
struct XMLBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xml",
        abstract: "Time booktag's XML decoder against SWXMLHash and XMLParser on one corpus."
    )

    @Flag(help: "Print one JSON document instead of a table.")
    var json = false

    @Option(help: "Timing rounds per document and decoder; the fastest round counts.")
    var rounds = 7

    @Option(help: "Target milliseconds of booktag decoding per round (more is steadier).")
    var roundMilliseconds = 20.0

    @Flag(help: "Check that the decoders agree, with minimal timing and no other figures (for CI).")
    var quick = false

    struct Row: Codable {
        let name: String
        let bytes: Int
        let ns: [String: Double]
    }

    func run() throws {
        let documents = try Corpus.load()
        var rows: [Row] = []
        for document in documents {
            try verifyAgreement(document)
            let iterations = quick ? 1 : calibrate(document)
            var best = ["booktag": Double.infinity, "swxmlhash": .infinity, "xmlparser": .infinity]
            for _ in 0..<(quick ? 1 : rounds) {  // alternate decoders so drift hits all alike
                best["booktag"] = min(best["booktag"]!, time(iterations) { decodeWithBookTag(document) })
                best["swxmlhash"] = min(best["swxmlhash"]!, time(iterations) { decodeWithSWXMLHash(document) })
                best["xmlparser"] = min(best["xmlparser"]!, time(iterations) { decodeWithXMLParser(document) })
            }
            rows.append(Row(name: document.name, bytes: document.data.count, ns: best))
        }
        // CI's check is the agreement; the hostile timings and the peak memory are figures.
        if quick {
            printTable(rows)
            return
        }
        let hostile = try hostileTimings()
        let peak = try peakMemory()

        if json {
            struct Output: Codable {
                let documents: [Row]
                let hostileMilliseconds: [String: Double]
                let peakMemory: PeakMemoryReport
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(
                String(
                    decoding: try encoder.encode(
                        Output(documents: rows, hostileMilliseconds: hostile, peakMemory: peak)), as: UTF8.self))
            return
        }
        printTable(rows)
        print("\nhostile fixtures (booktag, one decode each, ms):")
        for (name, ms) in hostile.sorted(by: { $0.key < $1.key }) {
            print("  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(String(format: "%8.3f", ms))")
        }
        print(
            "\npeak memory reading and decoding a \(peak.documentBytes)-byte search page (\(peak.works) works) in a fresh process:"
        )
        print(
            String(
                format: "  max RSS %.1f MB (process baseline before reading the document %.1f MB)",
                peak.maxRSSMegabytes, peak.baselineMegabytes))
    }

    // MARK: - Decoders

    private func decodeWithBookTag(_ document: Corpus.Document) -> AnyHashable? {
        switch document.kind {
        case .search: (try? GoodreadsDecoder.searchPage(from: document.data)).map(Wrapped.init)
        case .book: (try? GoodreadsDecoder.book(from: document.data)).map(Wrapped.init)
        }
    }

    private func decodeWithSWXMLHash(_ document: Corpus.Document) -> AnyHashable? {
        switch document.kind {
        case .search: SWXMLHashExtractor.searchPage(document.data).map(Wrapped.init)
        case .book: SWXMLHashExtractor.book(document.data).map(Wrapped.init)
        }
    }

    private func decodeWithXMLParser(_ document: Corpus.Document) -> AnyHashable? {
        switch document.kind {
        case .search: XMLParserExtractor.searchPage(document.data).map(Wrapped.init)
        case .book: XMLParserExtractor.book(document.data).map(Wrapped.init)
        }
    }

    private func verifyAgreement(_ document: Corpus.Document) throws {
        let ours = decodeWithBookTag(document)
        guard ours != nil else { throw ValidationError("booktag could not decode \(document.name)") }
        guard ours == decodeWithSWXMLHash(document) else {
            throw ValidationError("SWXMLHash extracted different values from \(document.name)")
        }
        guard ours == decodeWithXMLParser(document) else {
            throw ValidationError("XMLParser extracted different values from \(document.name)")
        }
    }

    // MARK: - Timing

    private func calibrate(_ document: Corpus.Document) -> Int {
        let once = time(3) { decodeWithBookTag(document) }
        return max(3, Int(roundMilliseconds * 1_000_000 / max(once, 1)))
    }

    /// Nanoseconds per call of `body`, over `iterations` calls.
    private func time(_ iterations: Int, _ body: () -> AnyHashable?) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            blackHole(body())
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    }

    private func hostileTimings() throws -> [String: Double] {
        let folder = Corpus.packageRoot.appendingPathComponent("fixtures/goodreads/hostile")
        var result: [String: Double] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let start = DispatchTime.now().uptimeNanoseconds
            blackHole((try? GoodreadsDecoder.searchPage(from: data)).map(Wrapped.init))
            result[name] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        return result
    }

    private func peakMemory() throws -> PeakMemoryReport {
        let file = try XMLPeakMemory.writeLargestPage()
        defer { try? FileManager.default.removeItem(at: file) }
        return try PeakMemoryReport.measure(["xml-peak", file.path])
    }

    private func printTable(_ rows: [Row]) {
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        print(
            pad("document", 44) + pad("bytes", 9) + pad("booktag µs", 12) + pad("SWXMLHash µs", 14)
                + pad("XMLParser µs", 14) + pad("×SWXMLHash", 12) + "×XMLParser")
        var logSum = 0.0
        var worstParserRatio = Double.infinity
        for row in rows {
            let ours = row.ns["booktag"]!
            let swx = row.ns["swxmlhash"]!
            let parser = row.ns["xmlparser"]!
            logSum += log(swx / ours)
            worstParserRatio = min(worstParserRatio, parser / ours)
            print(
                pad(row.name, 44) + pad(String(row.bytes), 9) + pad(String(format: "%.1f", ours / 1000), 12)
                    + pad(String(format: "%.1f", swx / 1000), 14) + pad(String(format: "%.1f", parser / 1000), 14)
                    + pad(String(format: "%.2f", swx / ours), 12) + String(format: "%.2f", parser / ours))
        }
        print(
            String(
                format: "\ngeometric mean speed-up over SWXMLHash: %.2f×; smallest speed-up over XMLParser: %.2f×",
                exp(logSum / Double(rows.count)), worstParserRatio))
        print("all three decoders extracted identical values from every document")
    }
}

/// Makes decoded models comparable through `AnyHashable` without changing the library.
struct Wrapped<T: Equatable>: Hashable {
    let value: T
    init(_ value: T) { self.value = value }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) {}
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
