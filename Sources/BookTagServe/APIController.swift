import BookTag
import Foundation
import HTTPTypes
import Hummingbird

/// The JSON API under `/api`: the shapes of `--json` (the library's reports), jobs for the work
/// that takes a while, and their progress as Server-Sent Events.
struct APIController: Sendable {
    let workspace: Workspace
    let store: BookStore
    let tagJobs: TagJobs
    let tagList: TagListCache
    let work: ServeWork

    init(workspace: Workspace, store: BookStore, tagJobs: TagJobs, work: ServeWork) {
        self.workspace = workspace
        self.store = store
        self.tagJobs = tagJobs
        self.work = work
        tagList = TagListCache(home: store.home)
    }

    /// `POST /api/tags`'s body.
    struct AddBody: Decodable {
        var tag: String
        var count: Int?
        var source: SourceKind?
        /// A reader's shelf, `USER_ID[/SHELF]`.
        var shelf: String?
        var year: Int?

        var request: AddRequest {
            AddRequest(tag: tag, count: count.map(BookCount.books), source: source, shelf: shelf, year: year)
        }
    }

    /// `POST /api/tags/{tag}/drop`'s body.
    struct DropBody: Decodable {
        var books: [String]
        var replace: Bool?
    }

    struct NightBody: Codable {
        var night: Bool
    }

    struct EmptyBody: Decodable {}

    func addRoutes(to api: RouterGroup<ServeContext>) {
        api.get("tags", use: tags)
        api.post("tags", use: add)
        api.get("tags/{tag}", use: books)
        api.delete("tags/{tag}", use: delete)
        api.post("tags/{tag}/reroll", use: reroll)
        api.post("tags/{tag}/drop", use: drop)
        api.get("tags/{tag}/stats", use: stats)
        api.get("tags/{tag}/{file}", use: collage)
        api.post("tags/{tag}/print", use: print)
        api.get("prints/{file}", use: printFile)
        api.get("books/{source}/{id}", use: book)
        api.get("night", use: night)
        api.put("night", use: setNight)
        api.get("jobs/{id}", use: job)
        api.get("jobs/{id}/events", use: events)
    }

    @Sendable func tags(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        try await work.read { [self] in
            JSONAnswer(try tagList.json { JSONFragment(try TagListEntry.entries(store: store)) })
        }
    }

    @Sendable func add(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let body = try await request.decode(as: AddBody.self, context: context)
        return JSONAnswer(["job": try tagJobs.add(body.request, words: context.words).job], status: .accepted)
    }

    @Sendable func books(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let name = try ServeRoutes.tagName(context)
        return try await work.read { [self] in
            _ = try store.existingTag(name)
            return JSONAnswer(try BookRow.listing(of: name, store: store))
        }
    }

    @Sendable func delete(_ request: Request, context: ServeContext) async throws -> Response {
        let name = try ServeRoutes.tagName(context)
        try await work.read { [tagJobs] in try tagJobs.remove(name) }
        return Response(status: .noContent)
    }

    @Sendable func reroll(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        // The body is optional; when given, it must be a JSON object.
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        if body.readableBytes > 0 { _ = try await request.decode(as: EmptyBody.self, context: context) }
        return JSONAnswer(
            ["job": try tagJobs.reroll(try ServeRoutes.tagName(context), words: context.words)], status: .accepted)
    }

    @Sendable func drop(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let body = try await request.decode(as: DropBody.self, context: context)
        let job = try tagJobs.drop(
            try ServeRoutes.tagName(context), DropRequest(books: body.books, replace: body.replace == true),
            words: context.words)
        return JSONAnswer(["job": job], status: .accepted)
    }

    @Sendable func stats(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let name = try ServeRoutes.tagName(context)
        return try await work.read { [store] in JSONAnswer(try store.stats(of: name)) }
    }

    @Sendable func collage(_ request: Request, context: ServeContext) async throws -> Response {
        let name = try ServeRoutes.tagName(context)
        let format: CollageFormat
        switch try context.parameters.require("file") {
        case "collage.png": format = .png
        case "collage.jpeg", "collage.jpg": format = .jpeg
        default: throw ServeError.notFound("no such file: a tag has collage.png and collage.jpeg")
        }
        let workspace = workspace
        let store = store
        var asked = try CollageQuery.request(request.uri.queryParameters, format: format)
        asked.language = context.words.language
        let options = try await work.read { [asked] in
            try asked.resolve(try workspace.configuration(), nightMode: workspace.nightMode)
        }
        let data = try await work.render {
            try CollageMaker(store: store, renderer: workspace.limits.collageRenderer).imageData(
                tag: name, options: options)
        }
        var headers = HTTPFields()
        headers[.contentType] = format == .png ? "image/png" : "image/jpeg"
        // A download link (`?download=1`, the tag page without script) saves the file; else it is shown.
        let size = request.uri.queryParameters["size"].map(String.init).flatMap { name in
            CollageSize.presets.contains { $0.key == name } ? name : nil
        }
        let fileName = "booktag-\(size ?? "collage").\(format.fileExtension)"
        headers[.contentDisposition] =
            "\(request.uri.queryParameters["download"] != nil ? "attachment" : "inline"); filename=\"\(fileName)\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `POST tags/{tag}/print?paper=a2`: a print job (202 and its id); the job's result names
    /// the file to fetch from `prints/{file}`.
    @Sendable func print(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let name = try ServeRoutes.tagName(context)
        let query = request.uri.queryParameters
        let printing = try PrintQuery.options(query)
        var asked = try CollageQuery.request(query, format: nil)
        asked.language = context.words.language
        let job = try await work.read { [tagJobs, asked] in try tagJobs.print(name, collage: asked, print: printing) }
        return JSONAnswer(["job": job], status: .accepted)
    }

    /// A print a job made, streamed from the cache as an attachment.
    @Sendable func printFile(_ request: Request, context: ServeContext) async throws -> Response {
        let name = try context.parameters.require("file")
        guard let file = ServePrints(home: store.home).file(named: name), let paper = ServePrints.paper(of: name) else {
            throw ServeError.notFound("no such print: prints are kept an hour after they are made")
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/pdf"
        headers[.contentDisposition] = "attachment; filename=\"booktag-\(paper).pdf\""
        return Response(
            status: .ok, headers: headers, body: try await FileIO().loadFile(path: file.path, context: context))
    }

    @Sendable func book(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let parameters = context.parameters
        return try await work.read { [store] in
            let book = try ServeRoutes.storedBook(parameters, store: store)
            return JSONAnswer(
                ShownBook(book, tags: try BookLookup(store: store).tags(of: book), store: store, fromStore: true))
        }
    }

    @Sendable func night(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let workspace = workspace
        return try await work.read { JSONAnswer(NightBody(night: workspace.nightMode)) }
    }

    @Sendable func setNight(_ request: Request, context: ServeContext) async throws -> JSONAnswer {
        let body = try await request.decode(as: NightBody.self, context: context)
        let workspace = workspace
        return try await work.read {
            try workspace.setNightMode(body.night)
            return JSONAnswer(NightBody(night: workspace.nightMode))
        }
    }

    @Sendable func job(_ request: Request, context: ServeContext) throws -> JSONAnswer {
        guard let job = tagJobs.jobs.snapshot(try context.parameters.require("id")) else {
            throw ServeError.notFound("no such job")
        }
        return JSONAnswer(job.json)
    }

    @Sendable func events(_ request: Request, context: ServeContext) throws -> Response {
        guard let events = tagJobs.jobs.events(try context.parameters.require("id")) else {
            throw ServeError.notFound("no such job")
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                for await event in events {
                    try await writer.write(ByteBuffer(string: "event: \(event.name)\ndata: \(event.json)\n\n"))
                }
                try await writer.finish(nil)
            })
    }
}
