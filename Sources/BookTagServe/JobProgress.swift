import BookTag
import Foundation

/// A job's progress as server-sent events: pages read, covers kept of those wanted, and the
/// waits for the API's next turn, an import's covers, each with a line for people. The state is the library's
/// `ProgressState`; this only words it.
final class JobProgress: Sendable {
    private struct Payload: Encodable {
        var line: String
        var found: Int
        var wanted: Int
        var page: Int?
        var totalPages: Int?
        var seconds: Double?
        var title: String?
    }

    private let tracker: ProgressTracker
    private let report: @Sendable (JobRegistry.Event) -> Void
    /// An import's job: its waits are worded with its covers, not with pages of a search.
    private let importing: Bool

    init(wanted: Int, importing: Bool = false, report: @escaping @Sendable (JobRegistry.Event) -> Void) {
        tracker = ProgressTracker(wanted: wanted)
        self.importing = importing
        self.report = report
    }

    @Sendable func handle(_ event: ProgressEvent) {
        let state = tracker.record(event)
        let (found, wanted) = (state.found, state.wanted)
        switch event {
        case .gathering(.page(let number, _, let withCovers, let totalPages)):
            send(
                "page",
                Payload(
                    line:
                        "read page \(number) of \(totalPages): \(withCovers) with cover images; \(found) of \(wanted) covers kept",
                    found: found, wanted: wanted, page: number, totalPages: totalPages))
        case .gathering(.coverKept(let title, _, _)):
            send(
                "cover", Payload(line: "\(found) of \(wanted) covers kept", found: found, wanted: wanted, title: title))
        case .gathering(.coverSkipped(let title, let reason)):
            send("skipped", Payload(line: "skipped \(title): \(reason)", found: found, wanted: wanted, title: title))
        case .waiting where importing, .retrying where importing:
            send("import", Payload(line: state.importLine, found: state.coversInHand(of: wanted), wanted: wanted))
        case .waiting(let seconds, _):
            send(
                "wait",
                Payload(
                    line: String(
                        format: "waiting %.1f s for the API's next turn; %d of %d covers kept", seconds, found, wanted),
                    found: found, wanted: wanted, seconds: seconds))
        case .retrying(let seconds):
            send(
                "retry",
                Payload(
                    line: String(format: "the source did not answer; trying again in %.1f s", seconds), found: found,
                    wanted: wanted, seconds: seconds))
        case .importing:
            send("import", Payload(line: state.importLine, found: state.coversInHand(of: wanted), wanted: wanted))
        case .coverDownloaded, .request, .note, .warning, .fetchingDetails, .fetchingLargestCover:
            break
        }
    }

    private func send(_ name: String, _ payload: Payload) {
        report(
            JobRegistry.Event(
                name: name, json: JSONFragment(payload).json,
                progress: JobRegistry.Progress(line: payload.line, found: payload.found, wanted: payload.wanted)))
    }
}
