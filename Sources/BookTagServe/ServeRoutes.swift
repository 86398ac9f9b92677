import BookTag
import Foundation
import Hummingbird

/// `booktag serve`'s router: the checks every request passes, in order, then the controllers:
/// pages and their forms, the JSON API under `/api`, covers and assets.
enum ServeRoutes {
    static func buildRouter(
        access: ServeAccess, workspace: Workspace, store: BookStore, jobs: JobRegistry, work: ServeWork = .shared,
        deviceUploadLimit: Int = DAVController.maximumBytes
    ) -> PlacingRouter {
        let router = Router(context: ServeContext.self)
        let workspace = workspace
        router.add(
            middleware: ResponseMiddleware(
                night: { workspace.nightMode },
                language: { request in
                    // The reader's setting on the pages, else the browser's wish, else config's.
                    workspace.languagePreference
                        ?? request.headers[.acceptLanguage].flatMap(Language.preferred(acceptLanguage:))
                        ?? (try? workspace.configuration().language).flatMap { $0 } ?? .english
                }))
        // For a container's health check and a proxy's: no token, nothing of the home.
        router.get(RouterPath(healthPath)) { _, _ in "ok \(BookTagVersion.current)\n" }
        // The API's group answers in JSON, its refusals by the checks included, so it comes first.
        let api = checked(router.group("api").add(middleware: APIMiddleware()), access: access)
        let pages = checked(router.group(), access: access)
        let tagJobs = TagJobs(workspace: workspace, store: store, jobs: jobs, work: work)
        let uploads = UploadFolder(home: store.home)
        uploads.sweep()
        let forms = pages.group().add(middleware: BodyTypeMiddleware.form)
        PagesController(workspace: workspace, store: store, jobs: jobs, work: work).addRoutes(to: forms)
        FormsController(workspace: workspace, store: store, tagJobs: tagJobs, work: work).addRoutes(to: forms)
        FilesController(store: store, work: work).addRoutes(to: forms)
        InstallController(workspace: workspace).addRoutes(to: forms)
        BackupController(store: store, work: work).addRoutes(to: forms)
        let shares = ShareController(workspace: workspace, store: store, work: work)
        shares.addFormRoutes(to: forms)
        // A share link's page and images: no token, the host checked as every request's is.
        shares.addLinkRoutes(to: router.group("s").add(middleware: HostMiddleware(access: access)))
        let json = api.group().add(middleware: BodyTypeMiddleware.json)
        APIController(workspace: workspace, store: store, tagJobs: tagJobs, work: work).addRoutes(to: json)
        GoalsController(store: store, work: work).addRoutes(to: json)
        let imports = ImportController(workspace: workspace, store: store, tagJobs: tagJobs, uploads: uploads)
        imports.addPageRoutes(to: pages.group().add(middleware: BodyTypeMiddleware.formWithFile))
        imports.addAPIRoutes(to: api.group().add(middleware: BodyTypeMiddleware.exportFile))
        addDeviceRoutes(
            to: router, access: access, workspace: workspace, store: store, tagJobs: tagJobs, uploads: uploads,
            work: work,
            uploadLimit: deviceUploadLimit)
        // What no route takes is refused after the checks, in the group's own form.
        for (group, paths) in [(api, ["", "**"]), (pages, ["**"])] {
            for path in paths {
                for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch] {
                    group.on(RouterPath(path), method: method) { _, _ -> Response in
                        throw ServeError.notFound("nothing is at this address")
                    }
                }
            }
        }
        return PlacingRouter(routes: router, access: access)
    }

    /// The e-readers' own addresses (`/dav/`, `/kosync/`): outside the token, each request
    /// signed in as a device (`DeviceMiddleware`), the host checked as every request's is.
    private static func addDeviceRoutes(
        to router: Router<ServeContext>, access: ServeAccess, workspace: Workspace, store: BookStore, tagJobs: TagJobs,
        uploads: UploadFolder, work: ServeWork, uploadLimit: Int
    ) {
        let registry = DeviceRegistry(store: store)
        let signIns = DeviceSignIns()
        let syncs = DeviceSyncJobs(workspace: workspace, store: store, tagJobs: tagJobs)
        let dav = router.group("dav").add(middleware: HostMiddleware(access: access))
            .add(middleware: DeviceMiddleware(form: .webDAV, access: access, registry: registry, signIns: signIns))
        DAVController(
            store: store, workspace: workspace, uploads: uploads, syncs: syncs, work: work, limit: uploadLimit
        ).addRoutes(to: dav)
        let kosync = router.group("kosync").add(middleware: HostMiddleware(access: access))
        let progress = KOSyncController(store: store, work: work)
        progress.addOpenRoutes(to: kosync)
        let signed = kosync.group()
            .add(
                middleware: DeviceMiddleware(form: .progressSync, access: access, registry: registry, signIns: signIns))
        progress.addRoutes(to: signed)
        for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch] {
            signed.on("**", method: method) { _, _ -> Response in
                KOSyncController.json(["message": "no such address in the progress sync"], status: .notFound)
            }
        }
    }

    /// For a container's or a proxy's health check.
    static let healthPath = "/healthz"

    /// Every request passes these first, in order: the host (DNS rebinding), the token, and for
    /// a change, that it comes from booktag's own pages.
    private static func checked(_ group: RouterGroup<ServeContext>, access: ServeAccess) -> RouterGroup<ServeContext> {
        group.add(middleware: HostMiddleware(access: access))
            .add(middleware: TokenMiddleware(access: access))
            .add(middleware: SameOriginMiddleware(access: access))
    }

    /// The tag in the address, checked as every tag is.
    static func tagName(_ context: ServeContext) throws -> TagName {
        let raw = try context.parameters.require("tag")
        guard let decoded = raw.removingPercentEncoding else {
            throw ServeError(.badRequest, "the tag in the address is not valid percent-encoding")
        }
        return try TagName(decoded)
    }

    /// The book in the address, as `show` keeps it or, for a tag's book `show` never fetched,
    /// what the tag keeps of it.
    static func storedBook(_ parameters: Parameters, store: BookStore) throws -> StoredBook {
        let source = SourceKind(rawValue: try parameters.require("source"))
        let value = try parameters.require("id").removingPercentEncoding ?? ""
        guard let source, let id = BookID(parsing: value), id.source == source else {
            throw ServeError.notFound("no such book: books are /books/goodreads/DIGITS or /books/openlibrary/OL…W")
        }
        if let book = try BookLookup(store: store).stored(.id(id)) { return book }
        guard let entry = try store.tagBook(id: id) else {
            throw ServeError.notFound(
                "booktag does not keep \(source.displayName) book \(id.value): 'booktag show --id \(id.value)' fetches it"
            )
        }
        let book = entry.book
        let details = BookDetails(
            id: id, title: book.title, isbn: entry.isbn10, isbn13: entry.isbn13,
            originalPublicationYear: book.originalPublicationYear,
            averageRating: book.averageRating, ratingsCount: book.ratingsCount,
            authors: book.authorName.map { [BookAuthor(id: book.authorID, name: $0)] } ?? [], reading: entry.reading)
        return StoredBook(details: details, coverPath: book.coverPath, fetchedAt: Date())
    }

    /// Where a form may send the browser back to: a path of this server, never another site.
    static func localPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return "/" }
        return path
    }
}
