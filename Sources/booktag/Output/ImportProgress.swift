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
        case .request, .note, .warning, .coverDownloaded, .fetchingDetails, .fetchingLargestCover: return
        default: break
        }
        reporter.progress(state.importLine)
    }
}
