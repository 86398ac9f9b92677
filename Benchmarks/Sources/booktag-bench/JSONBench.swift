import ArgumentParser
import BookTag
import Foundation

/// `booktag-bench json`: decoding a 1,000-work Open Library subjects page (Foundation's
/// JSONDecoder) beside a 1,000-work Goodreads search page (booktag's libxml2 decoder): time,
/// and peak memory in a fresh process each.
struct JSONBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Time and peak memory of decoding a 1,000-work Open Library subjects page, beside the XML decoder."
    )

    @Option(help: "Works on each page.")
    var works = 1000

    @Option(help: "Timing rounds; the fastest counts.")
    var rounds = 7

    func run() throws {
        let json = Self.subjectsPage(works: works)
        let firstPage = try Data(
            contentsOf: Corpus.packageRoot.appendingPathComponent("fixtures/goodreads/search/search-fantasy-p1.xml"))
        let xml = try Corpus.searchPage(from: firstPage, results: works)
        let covers = URL(string: "https://covers.openlibrary.org")!
        let decodedJSON = try OpenLibraryDecoder.subjectPage(from: json, offset: 0, limit: works, coversURL: covers)
        let decodedXML = try GoodreadsDecoder.searchPage(from: xml)
        precondition(decodedJSON.works.count == works && decodedXML.works.count == works, "both pages decode whole")
        let jsonTime = Self.best(of: rounds) {
            _ = try? OpenLibraryDecoder.subjectPage(from: json, offset: 0, limit: works, coversURL: covers)
        }
        let xmlTime = Self.best(of: rounds) { _ = try? GoodreadsDecoder.searchPage(from: xml) }
        let jsonPeak = try Self.peak(kind: "json", data: json)
        let xmlPeak = try Self.peak(kind: "xml", data: xml)
        print(
            "\(works) works a page; time: fastest of \(rounds); memory: peak RSS of a fresh process that reads and decodes the page"
        )
        print(
            String(
                format: "Open Library subjects (JSONDecoder):  %8d bytes  %7.2f ms  peak %.1f MB (baseline %.1f MB)",
                json.count, jsonTime * 1000, jsonPeak.maxRSSMegabytes, jsonPeak.baselineMegabytes))
        print(
            String(
                format: "Goodreads search (libxml2, streamed): %8d bytes  %7.2f ms  peak %.1f MB (baseline %.1f MB)",
                xml.count, xmlTime * 1000, xmlPeak.maxRSSMegabytes, xmlPeak.baselineMegabytes))
        print(
            String(
                format: "per work: JSON %.1f µs, XML %.1f µs", jsonTime / Double(works) * 1e6,
                xmlTime / Double(works) * 1e6))
    }

    /// A subjects page shaped like Open Library's (every field a real page has, a subject list
    /// per work as long as real ones), with `works` works, a third of them without covers.
    static func subjectsPage(works: Int) -> Data {
        let subjects = (0..<24).map { "\"Subject number \($0) of a long list\"" }.joined(separator: ", ")
        let items = (0..<works).map { index in
            let cover = index % 3 == 0 ? "null" : String(8_000_000 + index)
            return """
                {"key": "/works/OL\(5_000_000 + index)W", "title": "Synthetic work \(index)", "edition_count": \(1 + index % 9), \
                "cover_id": \(cover), "cover_edition_key": "OL\(index)M", "subject": [\(subjects)], "ia_collection": ["inlibrary", "printdisabled"], \
                "lendinglibrary": false, "printdisabled": true, "lending_edition": "OL\(index)M", "lending_identifier": "synthetic\(index)", \
                "authors": [{"key": "/authors/OL\(900_000 + index % 50)A", "name": "Author \(index % 50)"}], "first_publish_year": \(1900 + index % 120), \
                "ia": "synthetic\(index)", "public_scan": false, "has_fulltext": true, \
                "availability": {"status": "borrow_available", "available_to_browse": true, "available_to_borrow": false, "identifier": "synthetic\(index)"}}
                """
        }
        return Data(
            "{\"key\": \"/subjects/fantasy\", \"name\": \"fantasy\", \"subject_type\": \"subject\", \"work_count\": 100000, \"works\": [\(items.joined(separator: ", "))]}"
                .utf8)
    }

    static func best(of rounds: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, rounds) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    static func peak(kind: String, data: Data) throws -> PeakMemoryReport {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-\(UUID().uuidString).\(kind)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try PeakMemoryReport.measure(["decode-peak", kind, file.path])
    }
}

/// `booktag-bench decode-peak json|xml FILE`: peak memory decoding one page in a fresh process.
struct DecodePeak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-peak", abstract: "Peak memory decoding one page (run by json).")

    @Argument(help: "json (an Open Library subjects page) or xml (a Goodreads search page).") var kind: String
    @Argument(help: "The page to decode.") var file: String

    func run() throws {
        let baseline = XMLPeakMemory.maxRSSMegabytes()
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let works =
            kind == "json"
            ? try OpenLibraryDecoder.subjectPage(
                from: data, offset: 0, limit: 1000, coversURL: URL(string: "https://covers.openlibrary.org")!
            ).works.count
            : try GoodreadsDecoder.searchPage(from: data).works.count
        let report = PeakMemoryReport(
            documentBytes: data.count, works: works, baselineMegabytes: baseline,
            maxRSSMegabytes: XMLPeakMemory.maxRSSMegabytes())
        print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    }
}
