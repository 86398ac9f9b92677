import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

extension FaultTests {
    /// Twenty kills, in two homes side by side (ten rounds each): the rounds of one home must
    /// follow each other, and two lanes keep the suite's slowest test from being its tail.
    @Test func killedDuringRerollTheTagHasItsOldOrItsNewSet() async throws {
        let server = try SyntheticGoodreads()
        async let first = Self.killRounds(10, server: server)
        async let second = Self.killRounds(10, server: server)
        let lanes = try await [first, second]
        var outcomes: [String: Int] = [:]
        for lane in lanes { outcomes.merge(lane.outcomes, uniquingKeysWith: +) }
        Self.figure(
            String(
                format:
                    "kill -9: 20 rounds in two homes during a %.0f ms reroll (10 anywhere, 10 in the %.0f ms from the new collage's preparation to exit): %@",
                lanes[0].duration * 1000, lanes[0].commitWindow * 1000,
                outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))
    }

    /// `rounds` rerolls of a tag of its own home, each killed at a random moment (every other one
    /// around the commit), each leaving the old set or the new one, whole.
    static func killRounds(_ rounds: Int, server: SyntheticGoodreads) async throws
        -> (outcomes: [String: Int], duration: Double, commitWindow: Double)
    {
        let home = try Self.home(for: server)
        #expect(try await Self.booktag(["add", "crash"], home: home).status == 0)
        // Every complete set a reroll can leave: the first 12 covered books of some page.
        let completeSets = Set(
            (1...server.options.pages).map {
                Array(server.coveredBookIDs(query: "crash", page: $0).prefix(12).map(BookID.goodreads))
            })
        // One whole reroll, timed: from start to exit, and from the new collage's appearance
        // (just before the set is committed) to exit.
        let timing = Date()
        let (calibration, _) = try BooktagProcess.start(["reroll", "crash", "--home", home.folder.path])
        var prepared: Date?
        while calibration.isRunning {
            if prepared == nil, Self.preparedCollageExists(in: home) { prepared = Date() }
            try await Task.sleep(nanoseconds: 200_000)
        }
        #expect(calibration.terminationStatus == 0)
        let duration = Date().timeIntervalSince(timing)
        let commitWindow = Date().timeIntervalSince(prepared ?? timing)
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for round in 0..<rounds {
            let store = try BookStore.open(home: home.home)
            let before = try store.books(of: TagName("crash")).map(\.book.bookID)
            let (process, _) = try BooktagProcess.start(["reroll", "crash", "--home", home.folder.path])
            if round.isMultiple(of: 2) {
                // Anywhere in the run.
                try await Task.sleep(
                    nanoseconds: UInt64(Double.random(in: 0...(duration * 0.9), using: &generator) * 1e9))
            } else {
                // Around the commit: once the new collage is prepared (a hidden file appears
                // beside the old one), the set is about to be replaced.
                let deadline = Date().addingTimeInterval(duration * 3)
                while Date() < deadline, process.isRunning, !Self.preparedCollageExists(in: home) {
                    try await Task.sleep(nanoseconds: 200_000)
                }
                try await Task.sleep(nanoseconds: UInt64(Double.random(in: 0...commitWindow, using: &generator) * 1e9))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try BookStore.open(home: home.home)
            #expect(try after.integrityCheck(), "round \(round): integrity_check failed")
            let set = try after.books(of: TagName("crash")).map(\.book.bookID)
            #expect(completeSets.contains(set), "round \(round): a set that is neither old nor new: \(set)")
            let kind =
                process.terminationReason == .uncaughtSignal
                ? (set == before ? "killed, old set" : "killed, new set") : "finished before the kill"
            outcomes[kind, default: 0] += 1
            // The collage is the old one or the new one, whole.
            let collage = try Data(contentsOf: home.home.collagesFolder.appendingPathComponent("crash.png"))
            #expect(ImageInfo(collage)?.format == .png, "round \(round): the collage is not a whole PNG")
        }
        // The next command that writes removes whatever the kills left behind.
        #expect(try await Self.booktag(["reroll", "crash"], home: home).status == 0)
        let store = try BookStore.open(home: home.home)
        let referenced = Set(try store.books(of: TagName("crash")).map(\.book.coverPath))
        #expect(home.coverFilesOnDisk() == referenced, "cover files no book references are left")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.home.collagesFolder.path).filter {
            $0.hasPrefix(".tmp-")
        }
        #expect(leftovers.isEmpty)
        return (outcomes, duration, commitWindow)
    }
}
