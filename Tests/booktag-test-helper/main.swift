import BookTag
import BookTagHTTP
import BookTagTestSupport
import Foundation

// A helper process for the store's multi-process tests (run by the tests, not by people).
//   booktag-test-helper create-tags HOME PREFIX COUNT   create COUNT tags, 12 books each
//   booktag-test-helper replace-loop HOME TAG           replace TAG's set over and over
//   booktag-test-helper throttled-searches HOME BASE N INTERVAL   N throttled searches against BASE
//   booktag-test-helper hold-turn HOME URL      take URL's throttle turn, say "holding", never send
//   booktag-test-helper burn-cpu SECONDS        keep one core busy, then exit (stop it with SIGKILL)
/// Unbuffered, so the parent sees each line as it happens.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "burn-cpu", let seconds = Double(arguments[2]) {
    let end = Date().addingTimeInterval(seconds)
    var spins: UInt64 = 0
    while Date() < end { for _ in 0..<100_000 { spins &+= 1 } }
    exit(spins == 0 ? 1 : 0)
}
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: booktag-test-helper COMMAND HOME ARG... (see the comment in main.swift)\n".utf8))
    exit(64)
}
do {
    if arguments[1] == "throttled-searches", arguments.count == 6, let base = URL(string: arguments[3]),
        let count = Int(arguments[4]), let interval = Double(arguments[5])
    {
        let home = BookTagHome(folder: URL(fileURLWithPath: arguments[2]))
        let client = GoodreadsClient(baseURL: base, apiKey: "k", transport: HTTPClientTransport(),
                                     throttle: RequestThrottle(home: home), minimumRequestInterval: interval)
        let finished = DispatchSemaphore(value: 0)
        // Detached: top-level code runs on the main actor, which the semaphore below blocks.
        Task.detached {
            do {
                for page in 1...count { _ = try await client.searchPage(for: "fantasy", page: page) }
            } catch {
                FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
                exit(1)
            }
            finished.signal()
        }
        finished.wait()
        say("searched \(count)")
        exit(0)
    }
    if arguments[1] == "hold-turn", let url = URL(string: arguments[3]) {
        let throttle = RequestThrottle(home: BookTagHome(folder: URL(fileURLWithPath: arguments[2])))
        Task.detached {
            try await throttle.withTurn(to: url, interval: 0.5) { _ in
                say("holding")
                while true { try await Task.sleep(nanoseconds: 1_000_000_000) }
            }
        }
        while true { sleep(60) }  // until killed
    }
    let store = try BookStore.open(home: BookTagHome(folder: URL(fileURLWithPath: arguments[2])))
    switch arguments[1] {
    case "create-tags":
        let count = Int(arguments[4]) ?? 1
        for index in 0..<count {
            let name = try TagName("\(arguments[3]) \(index)")
            let base = abs(arguments[3].hashValue % 1000) * 1_000_000
            try store.createTag(name, source: .goodreads, books: SyntheticBooks.set(index, idBase: base), search: SearchPosition(totalResults: 40, pageSize: 20, startPage: 1))
        }
        say("created \(count)")
    case "replace-loop":
        let name = try TagName(arguments[3])
        if try store.tag(name) == nil {
            try store.createTag(name, source: .goodreads, books: SyntheticBooks.set(0), search: SearchPosition(totalResults: 40, pageSize: 20, startPage: 1))
        }
        say("ready")
        var number = 1
        while true {
            try store.replaceBooks(of: name, with: SyntheticBooks.set(number), search: SearchPosition(totalResults: 40, pageSize: 20, startPage: number % 2 + 1))
            say("replaced \(number)")
            number += 1
        }
    default:
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
    exit(1)
}
