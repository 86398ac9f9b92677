import BookTag
import Foundation

/// The progress line of an import: books looked up at Open Library, covers downloaded, books
/// skipped, and the wait for the API's next turn; `--verbose` details above it.
final class ImportProgress: Sendable {
    private let reporter: Reporter
    private let tracker = ProgressTracker(wanted: 0)

    init(reporter: Reporter) {
        self.reporter = reporter
    }

    @Sendable func handle(_ event: ProgressEvent) {
        reporter.handle(event)
        let state = tracker.record(event)
        switch event {
        case .request, .note, .warning, .coverDownloaded, .fetchingDetails: return
        default: break
        }
        var parts: [String] = []
        if state.copied > 0 { parts.append("import: \(GroupedNumber.text(state.copied)) covers copied from the library") }
        if state.lookedUp > 0 || state.copied == 0 {
            parts += ["\(parts.isEmpty ? "import: " : "")\(state.covered)/\(state.lookedUp) covers found at Open Library", "\(state.imported) downloaded"]
        }
        if state.reused > 0 { parts.append("\(state.reused) already stored") }
        parts.append("\(state.skipped) skipped")
        if let waiting = state.retrying ?? state.waiting { parts.append(String(format: "waiting %.1f s for the API", waiting)) }
        reporter.progress(parts.joined(separator: " · "))
    }
}
