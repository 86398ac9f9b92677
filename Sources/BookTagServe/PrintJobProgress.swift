import BookTag
import Foundation

/// A print job's progress as server-sent events: each original cover asked for, the waits for
/// Open Library's next turn between them, then the drawing.
final class PrintJobProgress: Sendable {
    private struct Payload: Encodable {
        var line: String
        var found: Int
        var wanted: Int
        var seconds: Double?
    }

    private let asked = Locked((cover: 0, of: 0))
    private let report: @Sendable (JobRegistry.Event) -> Void

    init(report: @escaping @Sendable (JobRegistry.Event) -> Void) {
        self.report = report
    }

    @Sendable func handle(_ event: ProgressEvent) {
        switch event {
        case .fetchingLargestCover(let cover, let total):
            asked.withLock { $0 = (cover, total) }
            send(
                "cover",
                Payload(
                    line: "asking Open Library for original covers: \(cover) of \(total)", found: cover - 1,
                    wanted: total))
        case .waiting(let seconds, _):
            let (cover, total) = asked.withLock { $0 }
            send(
                "wait",
                Payload(
                    line: String(
                        format: "waiting %.1f s for Open Library's next turn (cover %d of %d)", seconds, cover, total),
                    found: max(0, cover - 1), wanted: total, seconds: seconds))
        default:
            break
        }
    }

    /// The covers are in hand; the page is being drawn.
    func drawing(_ print: PrintOptions) {
        let (_, total) = asked.withLock { $0 }
        send("cover", Payload(line: "drawing the \(print.fileSuffix) PDF", found: total, wanted: total))
    }

    private func send(_ name: String, _ payload: Payload) {
        report(
            JobRegistry.Event(
                name: name, json: JSONFragment(payload).json,
                progress: JobRegistry.Progress(line: payload.line, found: payload.found, wanted: payload.wanted)))
    }
}
