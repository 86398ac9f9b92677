import BookTag
import Foundation

/// A job's progress as server-sent events: pages read, covers kept of those wanted, and the
/// waits for the API's next turn, an import's covers, or a print's originals asked for, each with a
/// line for people. The state is the library's `ProgressState`; this only words it.
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
    /// A print's job: the original cover asked for last, and of how many; nil for other jobs.
    private let asked: Locked<(cover: Int, of: Int)>?
    /// The language of its lines: that of the page that started the job.
    private let words: Words

    init(
        wanted: Int, importing: Bool = false, words: Words = .english,
        report: @escaping @Sendable (JobRegistry.Event) -> Void
    ) {
        tracker = ProgressTracker(wanted: wanted)
        self.importing = importing
        self.report = report
        self.words = words
        asked = nil
    }

    /// A print's progress: each original cover asked for, the waits for Open Library's next turn
    /// between them, then the drawing (`drawing(_:)`).
    init(printing report: @escaping @Sendable (JobRegistry.Event) -> Void, words: Words = .english) {
        tracker = ProgressTracker(wanted: 0)
        importing = false
        self.report = report
        self.words = words
        asked = Locked((cover: 0, of: 0))
    }

    @Sendable func handle(_ event: ProgressEvent) {
        if let asked { return handlePrint(event, asked: asked) }
        let state = tracker.record(event)
        let (found, wanted) = (state.found, state.wanted)
        switch event {
        case .gathering(.page(let number, _, let withCovers, let totalPages)):
            send(
                "page",
                Payload(
                    line: words(
                        "read page %1$s of %2$s: %3$s with cover images; %4$s of %5$s covers kept",
                        words.number(number),
                        words.number(totalPages), words.number(withCovers), words.number(found), words.number(wanted)),
                    found: found, wanted: wanted, page: number, totalPages: totalPages))
        case .gathering(.coverKept(let title, _, _)):
            send(
                "cover",
                Payload(
                    line: words.plural(
                        "%1$s of %2$s cover kept", "%1$s of %2$s covers kept", wanted, words.number(found),
                        words.number(wanted)), found: found, wanted: wanted, title: title))
        case .gathering(.coverSkipped(let title, let reason)):
            send(
                "skipped",
                Payload(line: words("skipped %1$s: %2$s", title, reason), found: found, wanted: wanted, title: title))
        case .waiting where importing, .retrying where importing:
            send(
                "import",
                Payload(line: state.importLine(in: words), found: state.coversInHand(of: wanted), wanted: wanted))
        case .waiting(let seconds, _):
            send(
                "wait",
                Payload(
                    line: words(
                        "waiting %1$s s for the API's next turn; %2$s of %3$s covers kept",
                        words.decimal(seconds, digits: 1), words.number(found), words.number(wanted)),
                    found: found, wanted: wanted, seconds: seconds))
        case .retrying(let seconds):
            send(
                "retry",
                Payload(
                    line: words("the source did not answer; trying again in %s s", words.decimal(seconds, digits: 1)),
                    found: found,
                    wanted: wanted, seconds: seconds))
        case .importing:
            send(
                "import",
                Payload(line: state.importLine(in: words), found: state.coversInHand(of: wanted), wanted: wanted))
        case .coverDownloaded, .request, .note, .warning, .fetchingDetails, .fetchingLargestCover:
            break
        }
    }

    private func handlePrint(_ event: ProgressEvent, asked: Locked<(cover: Int, of: Int)>) {
        switch event {
        case .fetchingLargestCover(let cover, let total):
            asked.withLock { $0 = (cover, total) }
            send(
                "cover",
                Payload(
                    line: words(
                        "asking Open Library for original covers: %1$s of %2$s", words.number(cover),
                        words.number(total)), found: cover - 1,
                    wanted: total))
        case .waiting(let seconds, _):
            let (cover, total) = asked.withLock { $0 }
            send(
                "wait",
                Payload(
                    line: words(
                        "waiting %1$s s for Open Library's next turn (cover %2$s of %3$s)",
                        words.decimal(seconds, digits: 1), words.number(cover), words.number(total)),
                    found: max(0, cover - 1), wanted: total, seconds: seconds))
        default:
            break
        }
    }

    /// A print's covers are in hand; the page is being drawn.
    func drawing(_ print: PrintOptions) {
        let total = asked?.withLock { $0.of } ?? 0
        send("cover", Payload(line: words("drawing the %s PDF", print.fileSuffix), found: total, wanted: total))
    }

    private func send(_ name: String, _ payload: Payload) {
        report(
            JobRegistry.Event(
                name: name, json: JSONFragment(payload).json,
                progress: JobRegistry.Progress(line: payload.line, found: payload.found, wanted: payload.wanted)))
    }
}
