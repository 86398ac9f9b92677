import BookTag
import CBookTagSystem
import Foundation

/// The long work `serve` runs for its clients (add, reroll, drop, import): one job per tag at a
/// time (an import holds every tag it will write), its
/// progress kept in order so a page opened late still sees all of it, and every job cancelled
/// when the server stops. The latest 200 jobs are kept for their pages and `/api/jobs/{id}`.
final class JobRegistry: Sendable {
    /// A job's state as `/api/jobs/{id}` shows it.
    struct Snapshot: Sendable {
        enum State: String, Sendable { case running, done, failed }
        let id: String
        let kind: String
        /// The tag it works on; an import's first tag.
        let tag: String
        /// Every tag it holds, by key.
        let tagKeys: [String]
        /// Every tag it holds, as named.
        let tagNames: [String]
        let state: State
        let error: String?
        let result: JSONFragment?
        /// The latest progress, in words and as covers found of wanted.
        let progress: Progress?

        /// `{"id", "kind", "tag", "state", "error"?, "result"?}`, the result as the command line's `--json` prints it.
        var json: JSONFragment {
            var fields = [
                "\"id\":" + JSONFragment(id).json, "\"kind\":" + JSONFragment(kind).json,
                "\"tag\":" + JSONFragment(tag).json,
                "\"state\":" + JSONFragment(state.rawValue).json,
            ]
            if let error { fields.append("\"error\":" + JSONFragment(error).json) }
            if let result { fields.append("\"result\":" + result.json) }
            if let progress { fields.append("\"progress\":" + JSONFragment(progress).json) }
            return JSONFragment(raw: "{" + fields.joined(separator: ",") + "}")
        }
    }

    /// One server-sent event: progress (`page`, `cover`, `wait`, …), then `done` or `failed`.
    struct Event: Sendable, Equatable {
        let name: String
        let json: String
        /// For progress events: what it says, shown by pages without script too.
        var progress: Progress? = nil
    }

    /// Where a job is: a line for people, and covers found of wanted.
    struct Progress: Encodable, Sendable, Equatable {
        var line: String
        var found: Int
        var wanted: Int
    }

    /// Another job holds the tag.
    struct Busy: Error {
        let job: String
    }

    private struct Job {
        let id: String
        let kind: String
        let tag: String
        let tagKeys: [String]
        let tagNames: [String]
        var state = Snapshot.State.running
        var error: String?
        var result: JSONFragment?
        var events: [Event] = []
        var progress: Progress?
        var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]
        var task: Task<Void, Never>?

        var snapshot: Snapshot {
            Snapshot(
                id: id, kind: kind, tag: tag, tagKeys: tagKeys, tagNames: tagNames, state: state, error: error,
                result: result, progress: progress)
        }
    }

    private struct State {
        var jobs: [String: Job] = [:]
        var order: [String] = []
        var running: [String: String] = [:]  // tag key → job id
        var stopped = false
    }

    private let state = Locked(State())
    static let kept = 200
    /// Progress events kept per job for late listeners: the latest (a shelf of 1,000 books makes
    /// ~2,000, an import of 20,000 rows ~25,000; each some 300 bytes, which a large import
    /// would otherwise hold in memory until the server stops).
    static let keptEvents = 256

    /// Starts `work` for `tags` (at least one) unless a job holds any of them. `work` reports
    /// progress through its argument (an event name and its JSON) and returns the result's JSON;
    /// its error becomes the job's one line.
    func start(
        kind: String, tags: [TagName],
        _ work: @escaping @Sendable (_ report: @escaping @Sendable (Event) -> Void) async throws -> JSONFragment
    ) throws(Busy) -> String {
        precondition(!tags.isEmpty, "a job holds at least one tag")
        let id = Self.newID()
        let keys = Array(Set(tags.map(\.key)))
        let started: Bool = try state.withLock { (state: inout State) throws(Busy) -> Bool in
            for key in keys {
                if let holder = state.running[key] { throw Busy(job: holder) }
            }
            state.jobs[id] = Job(id: id, kind: kind, tag: tags[0].display, tagKeys: keys, tagNames: tags.map(\.display))
            state.order.append(id)
            for key in keys { state.running[key] = id }
            Self.trim(&state)
            return !state.stopped
        }
        guard started else {
            finish(id, .failure(CancellationError()))
            return id
        }
        let task = Task {
            let outcome: Result<JSONFragment, any Error>
            do {
                outcome = .success(try await work { [weak self] event in self?.report(id, event) })
            } catch {
                outcome = .failure(error)
            }
            self.finish(id, outcome)
        }
        state.withLock { state in
            if state.jobs[id]?.state == .running { state.jobs[id]?.task = task }
        }
        return id
    }

    func snapshot(_ id: String) -> Snapshot? { state.withLock { $0.jobs[id]?.snapshot } }

    /// The jobs of `kind`, newest last.
    func jobs(ofKind kind: String) -> [Snapshot] {
        state.withLock { state in state.order.compactMap { state.jobs[$0] }.filter { $0.kind == kind }.map(\.snapshot) }
    }

    /// The job running for the tag, if any.
    func running(forKey key: String) -> Snapshot? {
        state.withLock { state in state.running[key].flatMap { state.jobs[$0]?.snapshot } }
    }

    /// The latest events so far, then the rest as they come; the stream ends after `done` or `failed`.
    /// A listener that goes away (a closed connection) is forgotten.
    func events(_ id: String) -> AsyncStream<Event>? {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Event.self, bufferingPolicy: .bufferingNewest(Self.keptEvents + 2))
        let listener = UUID()
        let found = state.withLock { state -> Bool in
            guard let job = state.jobs[id] else { return false }
            for event in job.events.suffix(Self.keptEvents) { continuation.yield(event) }
            if job.state == .running {
                state.jobs[id]?.listeners[listener] = continuation
            } else {
                continuation.finish()
            }
            return true
        }
        guard found else { return nil }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.jobs[id]?.listeners.removeValue(forKey: listener) }
        }
        return stream
    }

    /// Cancels every job and waits for each to end (their work leaves the store as it was).
    func stopAll() async {
        let tasks = state.withLock { state in
            state.stopped = true
            return state.jobs.values.compactMap { $0.state == .running ? $0.task : nil }
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    private func report(_ id: String, _ event: Event) {
        state.withLock { state in
            guard state.jobs[id]?.state == .running else { return }
            state.jobs[id]!.events.append(event)
            // The oldest are dropped a batch at a time: at most twice `keptEvents`, no copying per event.
            if state.jobs[id]!.events.count >= 2 * Self.keptEvents {
                state.jobs[id]!.events.removeFirst(Self.keptEvents)
            }
            if let progress = event.progress { state.jobs[id]!.progress = progress }
            for listener in state.jobs[id]!.listeners.values { listener.yield(event) }
        }
    }

    private func finish(_ id: String, _ outcome: Result<JSONFragment, any Error>) {
        let last: Event
        switch outcome {
        case .success(let result): last = Event(name: "done", json: result.json)
        case .failure(let error):
            let message = ServeError.message(for: error)
            last = Event(name: "failed", json: JSONFragment(["error": message]).json)
        }
        let listeners = state.withLock { state -> [AsyncStream<Event>.Continuation] in
            guard var job = state.jobs[id] else { return [] }
            switch outcome {
            case .success(let result):
                job.state = .done
                job.result = result
            case .failure(let error):
                job.state = .failed
                job.error = ServeError.message(for: error)
            }
            job.events.append(last)
            let listeners = Array(job.listeners.values)
            job.listeners = [:]
            job.task = nil
            state.jobs[id] = job
            for key in job.tagKeys where state.running[key] == id { state.running[key] = nil }
            return listeners
        }
        for listener in listeners {
            listener.yield(last)
            listener.finish()
        }
        // A job's rows, covers and canvases are freed now: the server gives their pages back.
        booktag_trim_memory()
    }

    /// Keeps the latest jobs (running ones always).
    private static func trim(_ state: inout State) {
        while state.order.count > kept, let index = state.order.firstIndex(where: { state.jobs[$0]?.state != .running })
        {
            state.jobs[state.order.remove(at: index)] = nil
        }
    }

    /// 128 random bits, hex.
    static func newID() -> String { ServeAccess.randomHex(words: 2) }
}
