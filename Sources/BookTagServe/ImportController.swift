import BookTag
import Foundation
import Hummingbird

/// Imports of a reader's library export sent from the browser: the page and its form
/// (`multipart/form-data`), and `POST /api/imports` with the file as the body. Both stream the
/// file to the home's `uploads/` and run the library's one importer as a job.
struct ImportController: Sendable {
    let workspace: Workspace
    let store: BookStore
    let tagJobs: TagJobs
    let uploads: UploadFolder

    /// The page and its form, whose body is `multipart/form-data`.
    func addPageRoutes(to pages: RouterGroup<ServeContext>) {
        pages.get("/import", use: page)
        pages.post("/import", use: form)
    }

    /// `/api/imports`, whose body is the export file.
    func addAPIRoutes(to api: RouterGroup<ServeContext>) {
        api.post("imports", use: upload)
    }

    @Sendable func page(_ request: Request, context: ServeContext) throws -> PageAnswer {
        let job = request.uri.queryParameters["job"].flatMap { tagJobs.jobs.snapshot(String($0)) }.flatMap {
            $0.kind == "import" ? $0 : nil
        }
        let made = try (job?.state == .done ? job!.tagNames : []).compactMap { try store.tag(TagName($0)) }
        return PageAnswer(
            html: ServePages.importPage(
                job: job, made: made,
                frame: .init(night: workspace.nightMode, at: context.publicAddress, words: context.words)))
    }

    @Sendable func form(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let form = try await ImportForm.receive(request, uploads: uploads)
        let (job, _) = try await tagJobs.importUpload(
            form.file!, name: UploadFolder.displayName(form.fileName), fields: form.fields, words: context.words)
        return SeeOther("/import?job=" + job, at: context.publicAddress)
    }

    /// `POST /api/imports?format=&shelf=&year=&tag=&prefix=`, the file as the body: 202 and the job.
    @Sendable func upload(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        var fields: [String: String] = [:]
        for name in ["format", "shelf", "year", "tag", "prefix", "name"] {
            if let value = request.uri.queryParameters[name[...]] { fields[name] = String(value) }
        }
        // The query is checked before a byte of the body is kept.
        _ = try TagJobs.importRequest(fields, file: uploads.folder)
        let file = try await uploads.receive(
            request.body, declaredLength: request.headers[.contentLength].flatMap(Int.init))
        let (job, tags) = try await tagJobs.importUpload(
            file, name: UploadFolder.displayName(fields["name"]), fields: fields, words: context.words)
        return JSONAnswer(ImportStarted(job: job, tags: tags.map(\.display)), status: .accepted)
    }

    private struct ImportStarted: Encodable {
        var job: String
        var tags: [String]
    }
}
