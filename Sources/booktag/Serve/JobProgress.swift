import BookTag
import Foundation
import Synchronization

/// A job's progress as server-sent events: pages read, covers kept of those wanted, and the
/// waits for the API's next turn, each with a line for people.
final class JobProgress: NetworkProgress {
    private struct State {
        var pages = 0
        var totalPages = 0
        var found = 0
        var wanted: Int
    }

    private struct Payload: Encodable {
        var line: String
        var found: Int
        var wanted: Int
        var page: Int?
        var totalPages: Int?
        var seconds: Double?
        var title: String?
    }

    private let state: Mutex<State>
    private let report: @Sendable (JobRegistry.Event) -> Void

    init(wanted: Int, report: @escaping @Sendable (JobRegistry.Event) -> Void) {
        state = Mutex(State(wanted: wanted))
        self.report = report
    }

    func handle(_ event: GatheringEvent) {
        switch event {
        case let .page(number, _, withCovers, totalPages):
            let found = state.withLock { state in
                state.pages += 1
                state.totalPages = totalPages
                return (state.found, state.wanted)
            }
            send("page", Payload(
                line: "read page \(number) of \(totalPages): \(withCovers) with cover images; \(found.0) of \(found.1) covers kept",
                found: found.0, wanted: found.1, page: number, totalPages: totalPages))
        case let .coverKept(title, found, wanted):
            state.withLock { state in
                state.found = found
                state.wanted = wanted
            }
            send("cover", Payload(line: "\(found) of \(wanted) covers kept", found: found, wanted: wanted, title: title))
        case let .coverSkipped(title, reason):
            let counts = state.withLock { ($0.found, $0.wanted) }
            send("skipped", Payload(line: "skipped \(title): \(reason)", found: counts.0, wanted: counts.1, title: title))
        }
    }

    func coverDownloaded() {}

    func waiting(_ seconds: Double) {
        let counts = state.withLock { ($0.found, $0.wanted) }
        send("wait", Payload(
            line: String(format: "waiting %.1f s for the API's next turn; %d of %d covers kept", seconds, counts.0, counts.1),
            found: counts.0, wanted: counts.1, seconds: seconds))
    }

    func retrying(_ seconds: Double) {
        let counts = state.withLock { ($0.found, $0.wanted) }
        send("retry", Payload(
            line: String(format: "the source did not answer; trying again in %.1f s", seconds), found: counts.0, wanted: counts.1, seconds: seconds))
    }

    private func send(_ name: String, _ payload: Payload) {
        report(JobRegistry.Event(
            name: name, json: JSONFragment(payload).json,
            progress: JobRegistry.Progress(line: payload.line, found: payload.found, wanted: payload.wanted)))
    }
}
