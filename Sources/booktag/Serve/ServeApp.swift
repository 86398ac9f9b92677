import BookTag
import Foundation
import Hummingbird
import HTTPTypes

/// `booktag serve`'s routes: the pages (`/`, `/tags/{tag}`, `/books/{source}/{id}`, their forms),
/// the JSON API under `/api`, covers by stored name, and the two assets, all behind `AccessGuard`.
struct ServeApp: Sendable {
    let access: ServeAccess
    let operations: ServeOperations
    let jobs: JobRegistry
    let tagList: TagListCache

    init(access: ServeAccess, operations: ServeOperations, jobs: JobRegistry) {
        self.access = access
        self.operations = operations
        self.jobs = jobs
        tagList = TagListCache(home: operations.store.home)
    }

    var store: BookStore { operations.store }

    func router() -> Router<ServeContext> {
        let router = Router(context: ServeContext.self)
        let operations = operations
        router.add(middleware: AccessGuard(access: access, night: { operations.nightMode }))
        addPages(to: router)
        addForms(to: router)
        addAPI(to: router)
        addFiles(to: router)
        return router
    }

    // MARK: Pages

    private func addPages(to router: Router<ServeContext>) {
        router.get("/") { _, _ in
            let tags = try store.tags()
            let strips = try store.coverStrips(first: 5)
            var running: [String: JobRegistry.Snapshot] = [:]
            for tag in tags { running[tag.key] = jobs.running(forKey: tag.key) }
            return ServeResponse.page(ServePages.tagsPage(tags: tags, strips: strips, running: running, night: operations.nightMode))
        }
        router.get("/tags/{tag}") { request, context in
            let name = try Self.tagName(context)
            let named = request.uri.queryParameters["job"].flatMap { jobs.snapshot(String($0)) }
            // The tag's running job, else the job the address names if it was this tag's (its outcome, an error).
            let job = jobs.running(forKey: name.key) ?? named.flatMap { $0.tagKey == name.key ? $0 : nil }
            guard let tag = try store.tag(name) else {
                if let job { return ServeResponse.page(ServePages.pendingTagPage(job: job, night: operations.nightMode), status: job.state == .failed ? .notFound : .ok) }
                throw ServeError.notFound("there is no tag \"\(name.display)\": add it on the tags page")
            }
            let stats = try store.stats(of: name)
            return ServeResponse.page(ServePages.tagPage(tag: tag, books: try store.books(of: name), stats: stats, job: job, night: operations.nightMode))
        }
        router.get("/books/{source}/{id}") { _, context in
            let book = try Self.storedBook(context, store: store)
            return ServeResponse.page(ServePages.bookPage(book, tags: try BookLookup(store: store).tags(of: book), night: operations.nightMode))
        }
    }

    // MARK: Forms (post, then redirect)

    struct AddForm: Decodable {
        var tag: String
        var from: String?
        var shelf: String?
        var year: String?
        var count: String?
    }

    struct DropForm: Decodable {
        var book: String?
        var replace: String?
    }

    struct NightForm: Decodable {
        var night: String?
        var back: String?
    }

    private func addForms(to router: Router<ServeContext>) {
        router.post("/tags") { request, context in
            let form = try await Self.form(AddForm.self, request, context)
            var add = ServeOperations.AddRequest(tag: form.tag)
            if let count = form.count?.trimmingCharacters(in: .whitespaces), !count.isEmpty {
                guard let number = Int(count) else { throw ServeError(.badRequest, "the number of books must be a number from 1 to 100") }
                add.count = number
            }
            switch form.from {
            case "shelf":
                guard let shelf = form.shelf?.trimmingCharacters(in: .whitespaces), !shelf.isEmpty else {
                    throw ServeError(.badRequest, "a shelf needs its user id (and shelf): 12345/read")
                }
                add.shelf = shelf
                if let year = form.year?.trimmingCharacters(in: .whitespaces), !year.isEmpty {
                    guard let number = Int(year) else { throw ServeError(.badRequest, "the year must be a four-digit year such as 2025") }
                    add.year = number
                }
            case "openlibrary": add.source = .openlibrary
            case "goodreads": add.source = .goodreads
            default: break
            }
            let (id, name) = try startAdd(add)
            return ServeResponse.redirect(to: ServePages.tagPath(name.display) + "?job=" + id)
        }
        router.post("/tags/{tag}/reroll") { _, context in
            let name = try Self.tagName(context)
            let id = try startReroll(name)
            return ServeResponse.redirect(to: ServePages.tagPath(name.display) + "?job=" + id)
        }
        router.post("/tags/{tag}/drop") { request, context in
            let name = try Self.tagName(context)
            let form = try await Self.form(DropForm.self, request, context)
            let id = try startDrop(name, ServeOperations.DropRequest(books: form.book.map { [$0] } ?? [], replace: form.replace != nil))
            return ServeResponse.redirect(to: ServePages.tagPath(name.display) + "?job=" + id)
        }
        router.post("/tags/{tag}/delete") { _, context in
            let name = try Self.tagName(context)
            try checkIdle(name)
            try operations.remove(name)
            return ServeResponse.redirect(to: "/")
        }
        router.post("/night") { request, context in
            let form = try await Self.form(NightForm.self, request, context)
            switch form.night {
            case "on": try operations.setNightMode(true)
            case "off": try operations.setNightMode(false)
            default: try operations.setNightMode(!operations.nightMode)
            }
            return ServeResponse.redirect(to: Self.localPath(form.back))
        }
    }

    // MARK: API

    struct NightBody: Codable {
        var night: Bool
    }

    private func addAPI(to router: Router<ServeContext>) {
        let api = router.group("api")
        api.get("tags") { _, _ in
            ServeResponse.json(try tagList.json { JSONFragment(try BookTagCommand.List.entries(store: store)) })
        }
        api.post("tags") { request, context in
            let body = try await Self.json(ServeOperations.AddRequest.self, request, context)
            let (id, _) = try startAdd(body)
            return ServeResponse.json(["job": id], status: .accepted)
        }
        api.get("tags/{tag}") { _, context in
            let name = try Self.tagName(context)
            _ = try store.existingTag(name)
            return ServeResponse.json(try store.books(of: name).map { BookRow($0, store: store) })
        }
        api.delete("tags/{tag}") { _, context in
            let name = try Self.tagName(context)
            try checkIdle(name)
            try operations.remove(name)
            return Response(status: .noContent)
        }
        api.post("tags/{tag}/reroll") { request, context in
            _ = try await Self.json(EmptyBody.self, request, context, optional: true)
            return ServeResponse.json(["job": try startReroll(try Self.tagName(context))], status: .accepted)
        }
        api.post("tags/{tag}/drop") { request, context in
            let body = try await Self.json(ServeOperations.DropRequest.self, request, context)
            return ServeResponse.json(["job": try startDrop(try Self.tagName(context), body)], status: .accepted)
        }
        api.get("tags/{tag}/stats") { _, context in
            ServeResponse.json(try store.stats(of: try Self.tagName(context)))
        }
        api.get("tags/{tag}/{file}") { request, context in
            let name = try Self.tagName(context)
            let format: CollageFormat
            switch context.parameters.get("file") {
            case "collage.png": format = .png
            case "collage.jpeg", "collage.jpg": format = .jpeg
            default: throw ServeError.notFound("no such file: a tag has collage.png and collage.jpeg")
            }
            let options = try CollageQuery.options(request.uri.queryParameters, format: format, configuration: operations.session.configuration(), nightMode: operations.nightMode)
            let data = try CollageMaker(store: store).imageData(tag: name, options: options)
            var headers = HTTPFields()
            headers[.contentType] = format == .png ? "image/png" : "image/jpeg"
            headers[.contentDisposition] = "inline; filename=\"collage.\(format.fileExtension)\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        api.get("books/{source}/{id}") { _, context in
            let book = try Self.storedBook(context, store: store)
            return ServeResponse.json(ShownBook(book, tags: try BookLookup(store: store).tags(of: book), store: store, fromStore: true))
        }
        api.get("night") { _, _ in
            ServeResponse.json(NightBody(night: operations.nightMode))
        }
        api.put("night") { request, context in
            let body = try await Self.json(NightBody.self, request, context)
            try operations.setNightMode(body.night)
            return ServeResponse.json(NightBody(night: operations.nightMode))
        }
        api.get("jobs/{id}") { _, context in
            guard let job = jobs.snapshot(context.parameters.get("id") ?? "") else { throw ServeError.notFound("no such job") }
            return ServeResponse.json(job.json)
        }
        api.get("jobs/{id}/events") { _, context in
            guard let events = jobs.events(context.parameters.get("id") ?? "") else { throw ServeError.notFound("no such job") }
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                for await event in events {
                    try await writer.write(ByteBuffer(string: "event: \(event.name)\ndata: \(event.json)\n\n"))
                }
                try await writer.finish(nil)
            })
        }
    }

    // MARK: Files

    private func addFiles(to router: Router<ServeContext>) {
        let css = ByteBuffer(string: ServeAssets.css), script = ByteBuffer(string: ServeAssets.script)
        let cssTag = ServeAssets.etag(ServeAssets.css), scriptTag = ServeAssets.etag(ServeAssets.script)
        router.get("/assets/app.css") { request, _ in ServeResponse.immutable(css, type: "text/css; charset=utf-8", etag: cssTag, request: request) }
        router.get("/assets/app.js") { request, _ in ServeResponse.immutable(script, type: "text/javascript; charset=utf-8", etag: scriptTag, request: request) }
        router.get("/covers/{name}") { request, context in
            // The name must be one the store recorded; the file's path is made from it, never from the request.
            let name = context.parameters.get("name") ?? ""
            let path = "covers/\(name.prefix(2))/\(name)"
            guard try store.knowsCover(path) else { throw ServeError.notFound("no such cover") }
            let data = try Data(contentsOf: store.coverURL(path))
            let type = ImageInfo(data).map { "image/\($0.format.rawValue)" } ?? "application/octet-stream"
            return ServeResponse.immutable(ByteBuffer(bytes: data), type: type, etag: String(name.prefix(64)), request: request)
        }
    }

    // MARK: Jobs

    private func startAdd(_ add: ServeOperations.AddRequest) throws -> (String, TagName) {
        let checked = try operations.checkedAdd(add)
        let id = try start("add", checked.name) { report in try await operations.add(add, checked: checked, report: report) }
        return (id, checked.name)
    }

    private func startReroll(_ name: TagName) throws -> String {
        let tag = try operations.existing(name, gathering: true)
        return try start("reroll", name) { report in try await operations.reroll(tag, report: report) }
    }

    private func startDrop(_ name: TagName, _ request: ServeOperations.DropRequest) throws -> String {
        guard !request.books.isEmpty else { throw ServeError(.badRequest, "name at least one book to drop: a position, a source id or an ISBN") }
        guard request.books.count <= 100 else { throw ServeError(.badRequest, "at most 100 books at a time") }
        let tag = try operations.existing(name, gathering: request.replace == true)
        return try start("drop", name) { report in try await operations.drop(tag, request, report: report) }
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

    /// Deleting waits for the tag's job: its work would otherwise store into a tag just removed.
    private func checkIdle(_ name: TagName) throws {
        if let job = jobs.running(forKey: name.key) {
            throw ServeError(.conflict, "\"\(name.display)\" is busy with another job (\(job.id)): wait for it to finish")
        }
    }

    // MARK: Reading requests

    struct EmptyBody: Decodable {}

    static func tagName(_ context: ServeContext) throws -> TagName {
        let raw = context.parameters.get("tag") ?? ""
        guard let decoded = raw.removingPercentEncoding else { throw ServeError(.badRequest, "the tag in the address is not valid percent-encoding") }
        return try TagName(decoded)
    }

    static func storedBook(_ context: ServeContext, store: BookStore) throws -> StoredBook {
        let source = context.parameters.get("source").flatMap(SourceKind.init(rawValue:))
        let value = context.parameters.get("id")?.removingPercentEncoding ?? ""
        guard let source, let id = BookID(parsing: value), id.source == source else {
            throw ServeError.notFound("no such book: books are /books/goodreads/DIGITS or /books/openlibrary/OL…W")
        }
        if let book = try BookLookup(store: store).stored(.id(id)) { return book }
        // A tag's book `show` never fetched: what the tag keeps of it.
        guard let entry = try store.tagBook(id: id) else {
            throw ServeError.notFound("booktag does not keep \(source.displayName) book \(id.value): 'booktag show --id \(id.value)' fetches it")
        }
        let book = entry.book
        let details = BookDetails(
            id: id, title: book.title, isbn: entry.isbn10, isbn13: entry.isbn13, originalPublicationYear: book.originalPublicationYear,
            averageRating: book.averageRating, ratingsCount: book.ratingsCount,
            authors: book.authorName.map { [BookAuthor(id: book.authorID, name: $0)] } ?? [], reading: entry.reading)
        return StoredBook(details: details, coverPath: book.coverPath, fetchedAt: Date())
    }

    static func json<T: Decodable>(_ type: T.Type, _ request: Request, _ context: ServeContext, optional: Bool = false) async throws -> T {
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        if body.readableBytes == 0, optional, let empty = try? JSONDecoder().decode(T.self, from: Data("{}".utf8)) { return empty }
        guard request.headers[.contentType].map(AccessGuard.isJSON) == true else {
            throw ServeError(.unsupportedMediaType, "the API takes JSON: send Content-Type: application/json")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch let error as DecodingError {
            throw ServeError(.badRequest, "the JSON body is not what this call takes: \(Self.describe(error))")
        }
    }

    static func form<T: Decodable>(_ type: T.Type, _ request: Request, _ context: ServeContext) async throws -> T {
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: String(buffer: body))
        } catch {
            throw ServeError(.badRequest, "the form is incomplete: fill in every field it asks for")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, _): "\"\(key.stringValue)\" is missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case let .dataCorrupted(context):
            context.codingPath.isEmpty ? "it is not JSON" : "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" is not valid"
        @unknown default: "it cannot be read"
        }
    }

    /// Where a form may send the browser back to: a path of this server, never another site.
    static func localPath(_ path: String?) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\"),
            !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return "/" }
        return path
    }
}
