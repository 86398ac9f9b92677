import BookTag
import Hummingbird
import HummingbirdCore

/// The pages' forms: each posts, then redirects (303) to the page that shows what it started.
/// Their fields become the library's requests, whose rules refuse what is wrong.
struct FormsController: Sendable {
    let workspace: Workspace
    let store: BookStore
    let tagJobs: TagJobs
    let work: ServeWork

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

    struct PrintForm: Decodable {
        var paper: String?
        var landscape: String?
        var stats: String?
    }

    struct GoalForm: Decodable {
        var books: String?
        var pages: String?
        var clear: String?
    }

    struct NightForm: Decodable {
        var night: String?
        var back: String?
    }

    struct LanguageForm: Decodable {
        var language: String?
        var back: String?
    }

    func addRoutes(to router: RouterGroup<ServeContext>) {
        router.post("/tags", use: add)
        router.post("/tags/{tag}/reroll", use: reroll)
        router.post("/tags/{tag}/drop", use: drop)
        router.post("/tags/{tag}/delete", use: delete)
        router.post("/tags/{tag}/print", use: print)
        router.post("/tags/{tag}/goal", use: goal)
        router.post("/night", use: night)
        router.post("/language", use: language)
    }

    @Sendable func add(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let form = try await request.decode(as: AddForm.self, context: context)
        let asked = try Self.addRequest(form)
        let words = context.words
        let (job, name) = try await work.read { [tagJobs] in try tagJobs.add(asked, words: words) }
        return SeeOther(ServePages.tagPath(name.display) + "?job=" + job, at: context.publicAddress)
    }

    @Sendable func reroll(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let name = try ServeRoutes.tagName(context)
        let words = context.words
        let job = try await work.read { [tagJobs] in try tagJobs.reroll(name, words: words) }
        return SeeOther(ServePages.tagPath(name.display) + "?job=" + job, at: context.publicAddress)
    }

    @Sendable func drop(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let name = try ServeRoutes.tagName(context)
        let form = try await request.decode(as: DropForm.self, context: context)
        let asked = DropRequest(books: form.book.map { [$0] } ?? [], replace: form.replace != nil)
        let words = context.words
        let job = try await work.read { [tagJobs] in try tagJobs.drop(name, asked, words: words) }
        return SeeOther(ServePages.tagPath(name.display) + "?job=" + job, at: context.publicAddress)
    }

    /// The tag page's "Print it": a print job, followed on the tag page until its PDF is ready.
    @Sendable func print(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let name = try ServeRoutes.tagName(context)
        let form = try await request.decode(as: PrintForm.self, context: context)
        let fields = [("paper", form.paper), ("landscape", form.landscape), ("stats", form.stats)]
            .compactMap { key, value in value.map { (Substring(key), Substring($0)) } }
        let query = FlatDictionary(fields)
        let printing = try PrintQuery.options(query)
        var asked = try CollageQuery.request(query, format: nil)
        asked.language = context.words.language
        let job = try await work.read { [tagJobs, asked] in try tagJobs.print(name, collage: asked, print: printing) }
        return SeeOther(ServePages.tagPath(name.display) + "?job=" + job, at: context.publicAddress)
    }

    @Sendable func delete(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let name = try ServeRoutes.tagName(context)
        try await work.read { [tagJobs] in try tagJobs.remove(name) }
        return SeeOther("/", at: context.publicAddress)
    }

    /// The goal of the tag's year, set, changed or cleared from its page.
    @Sendable func goal(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let name = try ServeRoutes.tagName(context)
        let form = try await request.decode(as: GoalForm.self, context: context)
        let store = store
        try await work.read {
            guard let year = try store.existingTag(name).origin?.year else {
                throw ServeError(.badRequest, "\"\(name.display)\" keeps no year: a goal goes with a year's tag")
            }
            if form.clear != nil {
                try store.clearGoal(year)
                return
            }
            func number(_ text: String?) throws -> Int? {
                guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
                guard let value = Int(text) else { throw ServeError(.badRequest, "a goal is a whole number of books") }
                return value
            }
            guard let books = try number(form.books) else {
                throw ServeError(.badRequest, "a goal needs its number of books")
            }
            try store.setGoal(ReadingGoal(year: year, books: books, pages: try number(form.pages)))
        }
        return SeeOther(ServePages.tagPath(name.display), at: context.publicAddress)
    }

    @Sendable func night(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let form = try await request.decode(as: NightForm.self, context: context)
        let workspace = workspace
        try await work.read {
            switch form.night {
            case "on": try workspace.setNightMode(true)
            case "off": try workspace.setNightMode(false)
            default: try workspace.setNightMode(!workspace.nightMode)
            }
        }
        return SeeOther(ServeRoutes.localPath(form.back), at: context.publicAddress)
    }

    /// The pages' language menu: a language keeps the pages in it, "auto" gives the choice back
    /// to each browser's `Accept-Language`.
    @Sendable func language(_ request: Request, context: ServeContext) async throws -> SeeOther {
        let form = try await request.decode(as: LanguageForm.self, context: context)
        let chosen = form.language ?? "auto"
        let language = Language(code: chosen)
        guard chosen == "auto" || (language != nil && language != .pseudo) else {
            throw ServeError(
                .badRequest,
                "booktag has no language \"\(chosen.prefix(40))\": it has \(Language.all.map(\.code).joined(separator: ", "))"
            )
        }
        let workspace = workspace
        try await work.read { try workspace.setLanguagePreference(language) }
        return SeeOther(ServeRoutes.localPath(form.back), at: context.publicAddress)
    }

    /// The add form's text fields as the library's request, whose rules refuse what is wrong.
    static func addRequest(_ form: AddForm) throws -> AddRequest {
        var add = AddRequest(tag: form.tag)
        if let count = form.count?.trimmingCharacters(in: .whitespaces), !count.isEmpty {
            add.count = try AddRequest.count(from: count)
        }
        switch form.from {
        case "shelf":
            guard let shelf = form.shelf?.trimmingCharacters(in: .whitespaces), !shelf.isEmpty else {
                throw ServeError(.badRequest, "a shelf needs its user id (and shelf): 12345/read")
            }
            add.shelf = shelf
            if let year = form.year?.trimmingCharacters(in: .whitespaces), !year.isEmpty {
                add.year = try AddRequest.year(from: year)
            }
        case "hardcover":
            add.source = .hardcover
            add.shelf = form.shelf.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            if let year = form.year?.trimmingCharacters(in: .whitespaces), !year.isEmpty {
                add.year = try AddRequest.year(from: year)
            }
        case "bookwyrm":
            guard let shelf = form.shelf?.trimmingCharacters(in: .whitespaces), !shelf.isEmpty else {
                throw ServeError(
                    .badRequest, "a BookWyrm shelf needs its reader and instance: mouse@bookwyrm.social/read")
            }
            add.source = .bookwyrm
            add.shelf = shelf
            // A year is passed on, so that the rule refuses it in words (a shelf has no read days).
            if let year = form.year?.trimmingCharacters(in: .whitespaces), !year.isEmpty {
                add.year = try AddRequest.year(from: year)
            }
        case "openlibrary": add.source = .openlibrary
        case "goodreads": add.source = .goodreads
        default: break
        }
        return add
    }
}
