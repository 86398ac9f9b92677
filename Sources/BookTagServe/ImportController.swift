import BookTag
import Foundation
import Hummingbird

/// Imports of a reader's library export sent from the browser: the page and its form
/// (`multipart/form-data`), and `POST /api/imports` with the file as the body. Both stream the
/// file to the home's `uploads/` and run the library's one importer as a job.
struct ImportController: Sendable {
    let operations: TagOperations
    let tagJobs: TagJobs
    let uploads: UploadFolder

    func addRoutes(to router: Router<ServeContext>) {
        router.get("/import", use: page)
        router.post("/import", use: form)
        router.post("/api/imports", use: api)
    }

    @Sendable func page(_ request: Request, context: ServeContext) throws -> Response {
        let job = request.uri.queryParameters["job"].flatMap { tagJobs.jobs.snapshot(String($0)) }.flatMap {
            $0.kind == "import" ? $0 : nil
        }
        let made = try (job?.state == .done ? job!.tagNames : []).compactMap { try operations.store.tag(TagName($0)) }
        return ServeResponse.page(ServePages.importPage(job: job, made: made, night: operations.workspace.nightMode))
    }

    @Sendable func form(_ request: Request, context: ServeContext) async throws -> Response {
        let form = try await ImportForm.receive(request, uploads: uploads)
        let (job, _) = try await tagJobs.importUpload(
            form.file!, name: UploadFolder.displayName(form.fileName), fields: form.fields)
        return ServeResponse.redirect(to: "/import?job=" + job)
    }

    /// `POST /api/imports?format=&shelf=&year=&tag=&prefix=`, the file as the body: 202 and the job.
    @Sendable func api(_ request: Request, context: ServeContext) async throws -> Response {
        var fields: [String: String] = [:]
        for name in ["format", "shelf", "year", "tag", "prefix", "name"] {
            if let value = request.uri.queryParameters[name[...]] { fields[name] = String(value) }
        }
        // The query is checked before a byte of the body is kept.
        _ = try TagJobs.importRequest(fields, file: uploads.folder)
        let file = try await uploads.receive(
            request.body, declaredLength: request.headers[.contentLength].flatMap(Int.init))
        let (job, tags) = try await tagJobs.importUpload(
            file, name: UploadFolder.displayName(fields["name"]), fields: fields)
        return ServeResponse.json(ImportStarted(job: job, tags: tags.map(\.display)), status: .accepted)
    }

    private struct ImportStarted: Encodable {
        var job: String
        var tags: [String]
    }
}
