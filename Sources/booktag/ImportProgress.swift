import BookTag
import Foundation
import Synchronization

/// The progress line of an import: books looked up at Open Library, covers downloaded, books
/// skipped, and the wait for the API's next turn.
final class ImportProgress: NetworkProgress {
    private struct State {
        var asked = 0
        var found = 0
        var downloaded = 0
        var reused = 0
        var skipped = 0
        var waiting: Double?
    }

    private let reporter: Reporter
    private let state = Mutex(State())

    init(reporter: Reporter) {
        self.reporter = reporter
    }

    func handle(_ event: ExportImporter.Event) {
        update { state in
            switch event {
            case let .resolved(books, found):
                state.asked += books
                state.found += found
                state.waiting = nil
            case .downloaded:
                state.downloaded += 1
            case let .skipped(title, reason):
                state.skipped += 1
                reporter.detail("skipped \"\(Terminal.safe(title))\": \(reason)")
            case .reused:
                state.reused += 1
            }
        }
    }

    /// Counted from `.downloaded` events instead, which name only real covers.
    func coverDownloaded() {}

    func waiting(_ seconds: Double) {
        update { $0.waiting = seconds }
    }

    func retrying(_ seconds: Double) {
        update { $0.waiting = seconds }
    }

    private func update(_ change: (inout State) -> Void) {
        let line = state.withLock { state -> String in
            change(&state)
            var parts = ["import: \(state.found)/\(state.asked) covers found at Open Library", "\(state.downloaded) downloaded"]
            if state.reused > 0 { parts.append("\(state.reused) already stored") }
            parts.append("\(state.skipped) skipped")
            if let waiting = state.waiting { parts.append(String(format: "waiting %.1f s for the API", waiting)) }
            return parts.joined(separator: " · ")
        }
        reporter.progress(line)
    }
}
