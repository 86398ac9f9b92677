import BookTag
import Foundation

/// The progress line while a tag's books are gathered: pages read, books with covers found,
/// covers downloaded, and the wait for the API's next turn; `--verbose` details above it.
final class GatheringProgress: Sendable {
    private let tag: String
    private let reporter: Reporter
    private let tracker: ProgressTracker

    init(tag: String, wanted: Int, reporter: Reporter) {
        self.tag = Terminal.safe(tag)
        self.reporter = reporter
        tracker = ProgressTracker(wanted: wanted)
    }

    @Sendable func handle(_ event: ProgressEvent) {
        reporter.handle(event)
        let state = tracker.record(event)
        switch event {
        case .request, .note, .warning, .fetchingDetails, .fetchingLargestCover: return
        default: break
        }
        var parts = ["\(tag): page \(state.pages)\(state.totalPages > 0 ? " of \(state.totalPages)" : "")"]
        parts.append(
            state.wanted == Int.max
                ? "\(state.found) books with covers" : "\(state.found)/\(state.wanted) books with covers")
        parts.append("\(state.downloads) cover\(state.downloads == 1 ? "" : "s") downloaded")
        if let retrying = state.retrying {
            parts.append(String(format: "no answer; retrying in %.1f s", retrying))
        } else if let waiting = state.waiting {
            parts.append(String(format: "waiting %.1f s for the API", waiting))
        }
        reporter.progress(parts.joined(separator: " · "))
    }
}
