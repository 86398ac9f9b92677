import BookTag
import Foundation
import Synchronization

/// What the network layer tells a progress line: covers arriving and waits for the API.
package protocol NetworkProgress: Sendable {
    func coverDownloaded()
    /// Waiting `seconds` for the API's next turn.
    func waiting(_ seconds: Double)
    /// A request failed in a way worth another try, after `seconds`.
    func retrying(_ seconds: Double)
}

/// The progress line while a tag's books are gathered: pages read, books with covers found,
/// covers downloaded, and the wait for the API's next turn.
final class GatheringProgress: NetworkProgress {
    private struct State {
        var pages = 0
        var totalPages = 0
        var found = 0
        var wanted: Int
        var downloads = 0
        var waiting: Double?
        var retrying: Double?
    }

    private let tag: String
    private let reporter: Reporter
    private let state: Mutex<State>

    init(tag: String, wanted: Int, reporter: Reporter) {
        self.tag = Terminal.safe(tag)
        self.reporter = reporter
        state = Mutex(State(wanted: wanted))
    }

    func handle(_ event: GatheringEvent) {
        update { state in
            switch event {
            case let .page(number, works, withCovers, totalPages):
                state.pages += 1
                state.totalPages = totalPages
                state.waiting = nil
                state.retrying = nil
                reporter.detail("page \(number) of \(totalPages): \(works) results, \(withCovers) with cover images")
            case let .coverKept(_, found, wanted):
                state.found = found
                state.wanted = wanted
            case let .coverSkipped(title, reason):
                reporter.detail("skipped \"\(Terminal.safe(title))\": \(reason)")
            }
        }
    }

    func coverDownloaded() {
        update { $0.downloads += 1 }
    }

    func waiting(_ seconds: Double) {
        update {
            $0.waiting = seconds
            $0.retrying = nil
        }
    }

    /// A request failed in a way worth another try, after `seconds`.
    func retrying(_ seconds: Double) {
        update { $0.retrying = seconds }
    }

    private func update(_ change: (inout State) -> Void) {
        let line = state.withLock { state -> String in
            change(&state)
            var parts = ["\(tag): page \(state.pages)\(state.totalPages > 0 ? " of \(state.totalPages)" : "")"]
            parts.append(state.wanted == Int.max ? "\(state.found) books with covers" : "\(state.found)/\(state.wanted) books with covers")
            parts.append("\(state.downloads) cover\(state.downloads == 1 ? "" : "s") downloaded")
            if let retrying = state.retrying {
                parts.append(String(format: "no answer; retrying in %.1f s", retrying))
            } else if let waiting = state.waiting {
                parts.append(String(format: "waiting %.1f s for the API", waiting))
            }
            return parts.joined(separator: " · ")
        }
        reporter.progress(line)
    }
}
