import BookTag
import Hummingbird

/// The three screens: `/` (the tags), `/tags/{tag}` (a collage as a page) and
/// `/books/{source}/{id}`.
struct PagesController: Sendable {
    let workspace: Workspace
    let store: BookStore
    let jobs: JobRegistry
    let work: ServeWork

    func addRoutes(to router: RouterGroup<ServeContext>) {
        router.get("/", use: tags)
        router.get("/tags/{tag}", use: tag)
        router.get("/books/{source}/{id}", use: book)
    }

    private var night: Bool { workspace.nightMode }

    @Sendable func tags(_ request: Request, context: ServeContext) async throws -> PageAnswer {
        try await work.read { [self] in
            let tags = try store.tags()
            let strips = try store.coverStrips(first: 5)
            var running: [String: JobRegistry.Snapshot] = [:]
            for tag in tags { running[tag.key] = jobs.running(forKey: tag.key) }
            return PageAnswer(
                html: ServePages.tagsPage(
                    tags: tags, strips: strips, running: running,
                    frame: .init(night: night, at: context.publicAddress, words: context.words))
            )
        }
    }

    @Sendable func tag(_ request: Request, context: ServeContext) async throws -> PageAnswer {
        let name = try ServeRoutes.tagName(context)
        let named = request.uri.queryParameters["job"].flatMap { jobs.snapshot(String($0)) }
        let address = context.publicAddress
        let origin = address.origin(of: request)
        let words = context.words
        return try await work.read { [self] in
            try tagPage(name, named: named, at: address, origin: origin, words: words)
        }
    }

    private func tagPage(
        _ name: TagName, named: JobRegistry.Snapshot?, at address: PublicAddress, origin: String, words: Words
    ) throws -> PageAnswer {
        let frame = ServePages.Frame(night: night, at: address, words: words)
        // The tag's running job, else the job the address names if it was this tag's (its outcome, an error).
        let job = jobs.running(forKey: name.key) ?? named.flatMap { $0.tagKeys.contains(name.key) ? $0 : nil }
        guard let tag = try store.tag(name) else {
            if let job {
                return PageAnswer(
                    html:
                        ServePages.pendingTagPage(job: job, frame: frame),
                    status: job.state == .failed ? .notFound : .ok)
            }
            throw ServeError.notFound("there is no tag \"\(name.display)\": add it on the tags page")
        }
        let stats = try store.stats(of: name).inLanguage(words.language)
        let books = try store.books(of: name)
        return PageAnswer(
            html:
                ServePages.tagPage(
                    tag: tag, books: books, stats: stats, job: job,
                    progress: try BookRow.progress(of: BookRow.rows(books, store: store), in: name, store: store),
                    sharedAt: try ShareLinks(store: store).link(of: name).map { origin + address.path($0.path) },
                    frame: frame))
    }

    @Sendable func book(_ request: Request, context: ServeContext) async throws -> PageAnswer {
        let parameters = context.parameters
        return try await work.read { [self] in
            let book = try ServeRoutes.storedBook(parameters, store: store)
            return PageAnswer(
                html:
                    ServePages.bookPage(
                        book, tags: try BookLookup(store: store).tags(of: book),
                        frame: .init(night: night, at: context.publicAddress, words: context.words)))
        }
    }
}
