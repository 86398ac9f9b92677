import ArgumentParser
import BookTag
import Foundation

/// `booktag-bench stats`: a tag's numbers computed in process, warm, apart from start-up and
/// printing (Benchmarks/stats.py times the whole `booktag stats` process).
struct StatsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract:
            "Time BookStore.stats(of:) on a tag of an existing home (Benchmarks/stats.py makes a 20,000-book one)."
    )

    @Option(help: "The home.") var home: String
    @Option(help: "The tag.") var tag = "my 2025"
    @Option(help: "Timed repetitions (the median and the fastest are reported).") var repetitions = 41

    func run() throws {
        let store = try BookStore.open(home: BookTagHome(folder: URL(fileURLWithPath: home, isDirectory: true)))
        let name = try TagName(tag)
        let books = try store.stats(of: name).books
        var times: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            _ = try store.stats(of: name)
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        times.sort()
        print(
            String(
                format: "stats of %@ (%d books): median %.2f ms, fastest %.2f ms, %d runs", tag, books,
                times[times.count / 2], times[0], repetitions))
    }
}
