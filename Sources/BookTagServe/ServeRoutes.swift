import BookTag
import Foundation
import Hummingbird

/// `booktag serve`'s router: the checks every request passes, in order, then the controllers:
/// pages and their forms, the JSON API under `/api`, covers and assets.
enum ServeRoutes {
    static func buildRouter(
        access: ServeAccess, operations: TagOperations, jobs: JobRegistry, work: ServeWork = .shared
    ) -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        let workspace = operations.workspace
        router.add(middleware: ResponseMiddleware(night: { workspace.nightMode }))
        router.add(middleware: HostMiddleware(access: access))
        router.add(middleware: TokenMiddleware(access: access))
        router.add(middleware: SameOriginMiddleware(access: access))
        router.add(middleware: BodyTypeMiddleware())
        let tagJobs = TagJobs(operations: operations, jobs: jobs, work: work)
        PagesController(operations: operations, jobs: jobs, work: work).addRoutes(to: router)
        FormsController(operations: operations, tagJobs: tagJobs, work: work).addRoutes(to: router)
        let uploads = UploadFolder(home: operations.store.home)
        uploads.sweep()
        ImportController(operations: operations, tagJobs: tagJobs, uploads: uploads).addRoutes(to: router)
        APIController(operations: operations, tagJobs: tagJobs, work: work).addRoutes(to: router.group("api"))
        FilesController(store: operations.store, work: work).addRoutes(to: router)
        InstallController(workspace: workspace).addRoutes(to: router)
        return router
    }

    /// The API's paths, which answer in JSON, errors included.
    static func isAPI(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/")
    }

    /// The tag in the address, checked as every tag is.
    static func tagName(_ context: ServeContext) throws -> TagName {
        let raw = context.parameters.get("tag") ?? ""
        guard let decoded = raw.removingPercentEncoding else {
            throw ServeError(.badRequest, "the tag in the address is not valid percent-encoding")
        }
        return try TagName(decoded)
    }

    /// The book in the address, as `show` keeps it or, for a tag's book `show` never fetched,
    /// what the tag keeps of it.
    static func storedBook(_ parameters: Parameters, store: BookStore) throws -> StoredBook {
        let source = parameters.get("source").flatMap(SourceKind.init(rawValue:))
        let value = parameters.get("id")?.removingPercentEncoding ?? ""
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
