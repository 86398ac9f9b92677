import BookTag
import Foundation

/// The library's tag use cases as serve's jobs: each request checked by the library's rules
/// before a job starts (so a refusal is an answer, not a failed job), one job per tag.
struct TagJobs: Sendable {
    let operations: TagOperations
    let jobs: JobRegistry

    func add(_ request: AddRequest) throws -> (job: String, name: TagName) {
        switch try operations.plan(request) {
        case let .existing(existing):
            throw ServeError(.conflict, "\"\(existing.name)\" already exists with \(existing.bookCount) books: reroll picks other books")
        case let .new(name, origin):
            let operations = operations
            let job = try start("add", name) { report in
                let configuration = try operations.workspace.configuration()
                let progress = JobProgress(wanted: request.count?.wanted ?? configuration.collageCount, report: report)
                let added = try await operations.add(
                    request, name: name, origin: origin, configuration: configuration, nightMode: operations.workspace.nightMode, progress: progress.handle)
                return JSONFragment(added.report)
            }
            return (job, name)
        }
    }

    func reroll(_ name: TagName) throws -> String {
        let tag = try operations.tagToReroll(name)
        let operations = operations
        return try start("reroll", name) { report in
            let configuration = try operations.workspace.configuration()
            let progress = JobProgress(wanted: max(tag.bookCount, configuration.collageCount), report: report)
            let rerolled = try await operations.reroll(tag, configuration: configuration, nightMode: operations.workspace.nightMode, progress: progress.handle)
            return JSONFragment(rerolled.report)
        }
    }

    func drop(_ name: TagName, _ request: DropRequest) throws -> String {
        let tag = try operations.tagToDrop(name, request)
        let operations = operations
        return try start("drop", name) { report in
            let configuration = try operations.workspace.configuration()
            let progress = JobProgress(wanted: request.books.count, report: report)
            let dropped = try await operations.drop(tag, request, configuration: configuration, nightMode: operations.workspace.nightMode, progress: progress.handle)
            return JSONFragment(dropped.report)
        }
    }

    /// Deleting waits for the tag's job: its work would otherwise store into a tag just removed.
    func remove(_ name: TagName) throws {
        try checkIdle(name)
        _ = try operations.remove(name, nightMode: operations.workspace.nightMode)
    }

    private func start(
        _ kind: String, _ name: TagName, _ work: @escaping @Sendable (@escaping @Sendable (JobRegistry.Event) -> Void) async throws -> JSONFragment
    ) throws -> String {
        do {
            return try jobs.start(kind: kind, tag: name, work)
        } catch {
            throw ServeError(.conflict, "\"\(name.display)\" is busy with another job (\(error.job)): wait for it to finish")
        }
    }

    private func checkIdle(_ name: TagName) throws {
        if let job = jobs.running(forKey: name.key) {
            throw ServeError(.conflict, "\"\(name.display)\" is busy with another job (\(job.id)): wait for it to finish")
        }
    }
}
