import ArgumentParser
import BookTag
import Foundation

/// The figures `xml-peak` reports.
struct PeakMemoryReport: Codable {
    let documentBytes: Int
    let works: Int
    let baselineMegabytes: Double
    let maxRSSMegabytes: Double
}

extension PeakMemoryReport {
    /// Runs this benchmark binary again with `arguments` (a `*-peak` subcommand) in a fresh
    /// process, and reads the report it prints.
    static func measure(_ arguments: [String]) throws -> PeakMemoryReport {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("\(arguments.first ?? "peak") failed") }
        return try JSONDecoder().decode(PeakMemoryReport.self, from: output)
    }
}

/// `booktag-bench xml-peak`: decodes one search page just under the 10 MiB cap in a fresh
/// process and reports the process's peak resident memory. Run by `xml`; usable alone.
struct XMLPeakMemory: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xml-peak",
        abstract: "Peak memory decoding one search page file (run in its own process)."
    )

    @Argument(help: "The search page to decode.")
    var file: String

    func run() throws {
        let baseline = Self.maxRSSMegabytes()
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let page = try GoodreadsDecoder.searchPage(from: data)
        let report = PeakMemoryReport(
            documentBytes: data.count, works: page.works.count, baselineMegabytes: baseline,
            maxRSSMegabytes: Self.maxRSSMegabytes())
        print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
    }

    /// A synthetic search page as large as the size cap allows, written to a temporary file.
    static func writeLargestPage() throws -> URL {
        let fixtures = Corpus.packageRoot.appendingPathComponent("fixtures/goodreads")
        let firstPage = try Data(contentsOf: fixtures.appendingPathComponent("search/search-fantasy-p1.xml"))
        var results = XMLDocument.maximumSize / 850
        var data = try Corpus.searchPage(from: firstPage, results: results)
        while data.count >= XMLDocument.maximumSize {
            results -= 50
            data = try Corpus.searchPage(from: firstPage, results: results)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "booktag-bench-\(UUID().uuidString).xml")
        try data.write(to: url)
        return url
    }

    /// The peak resident set of this address space (`VmHWM`). Unlike `ru_maxrss`, which Linux
    /// carries across fork and exec, it starts afresh in a new process image.
    static func maxRSSMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return .nan }
        return kilobytes / 1024
    }
}
