import BookTag
import Foundation

/// The imports that keep the devices' tags current, as serve's jobs: one at a time. A sync that
/// arrives while one runs is not refused (its readings are already stored): the running job
/// imports once more when it ends, so the last upload is always in the tags.
final class DeviceSyncJobs: Sendable {
    let workspace: Workspace
    let store: BookStore
    let tagJobs: TagJobs
    private let state = Locked(State())

    private struct State {
        var running: String?
        var again = false
    }

    init(workspace: Workspace, store: BookStore, tagJobs: TagJobs) {
        self.workspace = workspace
        self.store = store
        self.tagJobs = tagJobs
    }

    /// Starts the import of every device's readings, or has the running one import again;
    /// returns the job's id. A tag busy with another job (a reroll of `koreader read`) leaves
    /// the readings for the next sync.
    @discardableResult
    func sync() throws -> String {
        let running = state.withLock { state -> String? in
            guard let id = state.running, tagJobs.jobs.snapshot(id)?.state == .running else { return nil }
            state.again = true
            return id
        }
        if let running { return running }
        let configuration = try workspace.configuration()
        let sync = DeviceSync(workspace: workspace, store: store)
        let (plan, union) = try sync.plan(configuration: configuration)
        let names = plan.tags.map(\.name)
        let workspace = workspace
        let id: String
        do {
            id = try tagJobs.start("sync", names) { [self] report in
                var (plan, union) = (plan, union)
                var result: ImportReport
                while true {
                    let progress = JobProgress(
                        wanted: plan.tags.reduce(0) { $0 + $1.rows.count }, importing: true, report: report)
                    result = try await sync.run(
                        plan, union: union, configuration: configuration, nightMode: workspace.nightMode,
                        progress: progress.handle)
                    let again = state.withLock { state -> Bool in
                        defer { state.again = false }
                        return state.again
                    }
                    guard again else { break }
                    (plan, union) = try sync.plan(configuration: configuration)
                }
                return JSONFragment(result)
            }
        } catch {
            unlink(union.path)
            throw error
        }
        state.withLock { state in
            state.running = id
            state.again = false
        }
        return id
    }
}
