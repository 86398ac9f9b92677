import BookTag
import Foundation

/// The library's tag use cases as serve's jobs: each request checked by the library's rules
/// before a job starts (so a refusal is an answer, not a failed job), one job per tag.
struct TagJobs: Sendable {
    let workspace: Workspace
    let store: BookStore
    let jobs: JobRegistry
    let work: ServeWork

    /// The use cases, their collages drawn on the render pool rather than the request threads.
    private var addTag: AddTag { AddTag(workspace: workspace, store: store, drawing: work.renderPool) }
    private var rerollTag: RerollTag { RerollTag(workspace: workspace, store: store, drawing: work.renderPool) }
    private var dropBooks: DropBooks { DropBooks(workspace: workspace, store: store, drawing: work.renderPool) }

    func add(_ request: AddRequest, words: Words = .english) throws -> (job: String, name: TagName) {
        let addTag = addTag
        switch try addTag.plan(request) {
        case .existing(let existing):
            throw ServeError(
                .conflict,
                "\"\(existing.name)\" already exists with \(existing.bookCount) books: reroll picks other books")
        case .new(let name, let origin):
            let job = try start("add", name) { report in
                let configuration = try addTag.workspace.configuration()
                let progress = JobProgress(
                    wanted: AddTag.wanted(request, configuration: configuration), words: words, report: report)
                let added = try await addTag.run(
                    request, name: name, origin: origin, configuration: configuration,
                    nightMode: addTag.workspace.nightMode, progress: progress.handle)
                return JSONFragment(added.report)
            }
            return (job, name)
        }
    }

    func reroll(_ name: TagName, words: Words = .english) throws -> String {
        let rerollTag = rerollTag
        let tag = try rerollTag.check(name)
        return try start("reroll", name) { report in
            let configuration = try rerollTag.workspace.configuration()
            let wanted = RerollTag.wanted(tag, count: nil, configuration: configuration)
            let progress = JobProgress(wanted: wanted, words: words, report: report)
            let rerolled = try await rerollTag.run(
                tag, configuration: configuration, nightMode: rerollTag.workspace.nightMode, progress: progress.handle)
            return JSONFragment(rerolled.report)
        }
    }

    func drop(_ name: TagName, _ request: DropRequest, words: Words = .english) throws -> String {
        let dropBooks = dropBooks
        let tag = try dropBooks.check(name, request)
        return try start("drop", name) { report in
            let configuration = try dropBooks.workspace.configuration()
            let progress = JobProgress(wanted: request.books.count, words: words, report: report)
            let dropped = try await dropBooks.run(
                tag, request, configuration: configuration, nightMode: dropBooks.workspace.nightMode,
                progress: progress.handle)
            return JSONFragment(dropped.report)
        }
    }

    /// An uploaded export imported as one job holding every tag it writes (another job on any of
    /// them is 409). The file is removed when the job ends, however it ends, or at once when the
    /// import is refused; messages name the file as the reader did, never its path in the home.
    func importUpload(_ upload: URL, name: String, fields: [String: String], words: Words = .english) async throws -> (
        job: String, tags: [TagName]
    ) {
        var started = false
        defer { if !started { unlink(upload.path) } }
        var asked = try Self.importRequest(fields, file: upload)
        asked.name = name
        let request = asked
        let imports = ImportLibrary(workspace: workspace, store: store)
        let plan: ImportLibrary.Plan
        do {
            // A large export takes a moment to read: off the pool that answers requests.
            plan = try await work.read { try imports.plan(request) }
        } catch {
            // The library names the file by `name`; this is the net under that: no message
            // shows where the home keeps an upload.
            let error = ServeError(error)
            throw ServeError(error.status, error.message.replacingOccurrences(of: upload.path, with: name))
        }
        guard plan.format != .calibre else {
            throw ServeError(
                .badRequest,
                "a Calibre library is a folder with its covers: import it with 'booktag import FOLDER' on the machine that has it"
            )
        }
        let names = plan.tags.map(\.name)
        let workspace = workspace
        let id = try start("import", names) { report in
            defer { unlink(upload.path) }
            let configuration = try workspace.configuration()
            let progress = JobProgress(
                wanted: plan.tags.reduce(0) { $0 + $1.rows.count }, importing: true, words: words, report: report)
            let (_, result) = try await imports.run(
                plan, configuration: configuration, nightMode: workspace.nightMode, progress: progress.handle
            )
            return JSONFragment(result)
        }
        started = true
        // A server already stopping never runs the work: its file goes now.
        if jobs.snapshot(id)?.state != .running { unlink(upload.path) }
        return (id, names)
    }

    /// The import's fields (the API's query, the page's form) as the library's request.
    static func importRequest(_ fields: [String: String], file: URL) throws -> ImportRequest {
        func field(_ name: String) -> String? {
            fields[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var request = ImportRequest(file: file, shelf: field("shelf"), tag: field("tag"), prefix: field("prefix"))
        if let year = field("year") { request.year = try AddRequest.year(from: year) }
        if let format = field("format"), format != "auto" {
            guard let known = LibraryFormat(rawValue: format.lowercased()) else {
                throw ServeError(
                    .badRequest,
                    "no library format \"\(format.prefix(40))\": booktag reads \(LibraryFormat.allCases.map(\.rawValue).joined(separator: ", ")), or leave it out to have it recognised"
                )
            }
            request.format = known
        }
        return request
    }

    /// Deleting waits for the tag's job: its work would otherwise store into a tag just removed.
    func remove(_ name: TagName) throws {
        try checkIdle(name)
        _ = try RemoveTag(store: store).run(name, nightMode: workspace.nightMode)
    }

    func start(
        _ kind: String, _ name: TagName,
        _ work: @escaping @Sendable (@escaping @Sendable (JobRegistry.Event) -> Void) async throws -> JSONFragment
    ) throws -> String {
        try start(kind, [name], work)
    }

    func start(
        _ kind: String, _ names: [TagName],
        _ work: @escaping @Sendable (@escaping @Sendable (JobRegistry.Event) -> Void) async throws -> JSONFragment
    ) throws -> String {
        do {
            return try jobs.start(kind: kind, tags: names, work)
        } catch {
            let busy = names.first { jobs.running(forKey: $0.key) != nil } ?? names[0]
            throw ServeError(
                .conflict, "\"\(busy.display)\" is busy with another job (\(error.job)): wait for it to finish")
        }
    }

    private func checkIdle(_ name: TagName) throws {
        if let job = jobs.running(forKey: name.key) {
            throw ServeError(
                .conflict, "\"\(name.display)\" is busy with another job (\(job.id)): wait for it to finish")
        }
    }
}
