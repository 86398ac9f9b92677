import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation
import Testing

/// The other side of `HelperProcess`: what a second process does to a home in the store's
/// multi-process tests. The test binary runs itself with `BOOKTAG_TEST_HELPER` set and only this
/// entry selected, so the package needs no helper executable (an executable target would be a
/// second product, and `swift package experimental-install` would not know which to install).
///   create-tags HOME PREFIX COUNT            create COUNT tags, 12 books each
///   replace-loop HOME TAG                    replace TAG's set over and over
///   throttled-searches HOME BASE N INTERVAL  N throttled searches against BASE
///   hold-turn HOME URL                       take URL's throttle turn, say "holding", never send
///   burn-cpu SECONDS                         keep one core busy, then exit (stop it with SIGKILL)
@Suite struct HelperEntry {
    static let variable = "BOOKTAG_TEST_HELPER"

    /// Skipped in the suite; the whole of a helper process's life.
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment[HelperEntry.variable] != nil, "runs only in a helper process"))
    func helperProcess() async {
        let encoded = ProcessInfo.processInfo.environment[Self.variable] ?? "[]"
        let arguments = (try? JSONDecoder().decode([String].self, from: Data(encoded.utf8))) ?? []
        do {
            try await HelperCommand.run(arguments)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
            exit(1)
        }
    }
}

enum HelperCommand {
    /// Unbuffered, so the parent sees each line as it happens.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func run(_ arguments: [String]) async throws {
        switch (arguments.first, arguments.count) {
        case ("burn-cpu", 2):
            let end = Date().addingTimeInterval(Double(arguments[1]) ?? 0)
            var spins: UInt64 = 0
            while Date() < end { for _ in 0..<100_000 { spins &+= 1 } }
            if spins == 0 { exit(1) }
        case ("throttled-searches", 5):
            guard let base = URL(string: arguments[2]), let count = Int(arguments[3]),
                let interval = Double(arguments[4])
            else { exit(64) }
            let client = GoodreadsClient(
                baseURL: base, apiKey: "k", transport: HTTPClientTransport(),
                throttle: RequestThrottle(home: home(arguments[1])), minimumRequestInterval: interval)
            for page in 1...count { _ = try await client.searchPage(for: "fantasy", page: page) }
            say("searched \(count)")
        case ("hold-turn", 3):
            guard let url = URL(string: arguments[2]) else { exit(64) }
            let throttle = RequestThrottle(home: home(arguments[1]))
            try await throttle.withTurn(to: url, interval: 0.5) { _ in
                say("holding")
                while true { try await Task.sleep(nanoseconds: 1_000_000_000) }  // until killed
            }
        case ("create-tags", 4):
            let store = try BookStore.open(home: home(arguments[1]))
            let count = Int(arguments[3]) ?? 1
            for index in 0..<count {
                let name = try TagName("\(arguments[2]) \(index)")
                let base = abs(arguments[2].hashValue % 1000) * 1_000_000
                try store.createTag(
                    name, source: .goodreads, books: SyntheticBooks.set(index, idBase: base),
                    search: SearchPosition(totalResults: 40, pageSize: 20, startPage: 1))
            }
            say("created \(count)")
        case ("replace-loop", 3):
            let store = try BookStore.open(home: home(arguments[1]))
            let name = try TagName(arguments[2])
            if try store.tag(name) == nil {
                try store.createTag(
                    name, source: .goodreads, books: SyntheticBooks.set(0),
                    search: SearchPosition(totalResults: 40, pageSize: 20, startPage: 1))
            }
            say("ready")
            var number = 1
            while true {
                try store.replaceBooks(
                    of: name, with: SyntheticBooks.set(number),
                    search: SearchPosition(totalResults: 40, pageSize: 20, startPage: number % 2 + 1))
                say("replaced \(number)")
                number += 1
            }
        default:
            FileHandle.standardError.write(
                Data("helper: unknown command \(arguments) (see HelperCommand.swift)\n".utf8))
            exit(64)
        }
    }

    private static func home(_ path: String) -> BookTagHome {
        BookTagHome(folder: URL(fileURLWithPath: path))
    }
}
