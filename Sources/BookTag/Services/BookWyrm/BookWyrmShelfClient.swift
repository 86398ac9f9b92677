import Foundation

/// A reader's public shelf on a BookWyrm instance as a `BookSource`: `USER@INSTANCE[/SHELF]`,
/// read as ActivityPub JSON page after page, no key. Each author's name comes from its own URI,
/// asked once per author, through the throttle of that author's host (authors may live on
/// other instances). Plain http only for a loopback instance (tests); redirects only to https.
public struct BookWyrmShelfClient: BookListSource {
    /// Every page and author goes through it.
    public var caller: APICaller
    /// Finds covers at Open Library for editions without one.
    public var coverFallback: CoverSearch?
    /// Authors asked for at most per book.
    public var authorsPerBook = 3
    private let authorNames = AuthorNames()

    public var kind: SourceKind { .bookwyrm }
    public var listDescription: String { "a BookWyrm shelf" }
    /// A shelf is read at most this far.
    public let maximumSearchPage = 500

    /// A client for BookWyrm shelves.
    public init(
        transport: any HTTPTransport, throttle: RequestThrottle?, minimumRequestInterval: Double = 1.0,
        retryPolicy: RetryPolicy = RetryPolicy(),
        onWait: @escaping @Sendable (Double, APICaller.WaitReason) -> Void = { _, _ in }
    ) {
        caller = APICaller(
            transport: transport, throttle: throttle, minimumRequestInterval: minimumRequestInterval,
            retryPolicy: retryPolicy, onWait: onWait)
    }

    static let activityJSON = ["Accept": "application/activity+json"]

    /// One page of the shelf `query` names (`mouse@bookwyrm.social/read`), in the shelf's order.
    public func searchPage(for query: String, page: Int) async throws -> SearchPage {
        let shelf = try ShelfReference(query, source: .bookwyrm)
        guard let account = shelf.bookWyrmAccount, let url = Self.url(for: shelf, page: page) else {
            throw ShelfReferenceError.badBookWyrmAccount(query)
        }
        var activity = try await fetch(url, shelf: shelf)
        if activity.type == "OrderedCollection" || activity.type == "Shelf" {
            // The collection itself: its first page, when that is on the same instance.
            guard page == 1, let first = activity.first, let firstURL = URL(string: first),
                firstURL.host?.lowercased() == url.host?.lowercased(), firstURL.port == url.port
            else {
                if activity.first == nil { return Self.page(shelf, works: [], skipped: 0) }
                throw BookWyrmError.foreignPage(instance: account.instance)
            }
            activity = try await fetch(firstURL, shelf: shelf)
        }
        guard activity.type == "OrderedCollectionPage" || activity.orderedItems != nil else {
            throw BookWyrmError.notBookWyrm(instance: account.instance)
        }
        let loopback = url.isLoopback
        var works: [SearchWork] = []
        var skipped = 0
        for edition in activity.orderedItems ?? [] {
            guard let work = try await work(from: edition, loopback: loopback) else {
                skipped += 1
                continue
            }
            works.append(work)
        }
        if let coverFallback { works = try await coverFallback.fillingCovers(of: works) }
        return Self.page(shelf, works: works, skipped: skipped)
    }

    private static func page(_ shelf: ShelfReference, works: [SearchWork], skipped: Int) -> SearchPage {
        SearchPage(
            query: shelf.description, resultsStart: 1, resultsEnd: works.count, totalResults: works.count, works: works,
            skippedWorks: skipped, isOpenEnded: true)
    }

    /// `https://INSTANCE/user/USER/books/SHELF.json?page=N` (http for a loopback instance). Every
    /// part was validated by `ShelfReference`.
    static func url(for shelf: ShelfReference, page: Int) -> URL? {
        guard let account = shelf.bookWyrmAccount else { return nil }
        let host = account.instance.split(separator: ":").first.map(String.init) ?? ""
        let scheme = URL(string: "http://\(host)")?.isLoopback == true ? "http" : "https"
        return URL(
            string:
                "\(scheme)://\(account.instance)/user/\(account.user)/books/\(shelf.shelf).json?page=\(max(1, page))")
    }

    private func fetch(_ url: URL, shelf: ShelfReference) async throws -> BookWyrmActivity {
        let instance = shelf.bookWyrmAccount?.instance ?? (url.host ?? "the instance")
        let response = try await caller.get(url, headers: Self.activityJSON, httpsOnly: true)
        switch response.status {
        case 200..<300: break
        case 401, 403, 404, 410: throw BookWyrmError.notPublic(shelf: shelf.description)
        default: throw FetchError.httpStatus(status: response.status, url: url.absoluteString)
        }
        do {
            return try JSONDecoder().decode(BookWyrmActivity.self, from: response.body)
        } catch {
            throw BookWyrmError.notBookWyrm(instance: instance)
        }
    }

    /// An edition as booktag keeps it, its authors named; `nil` for one without an id or a title.
    func work(from edition: BookWyrmActivity.Edition, loopback: Bool) async throws -> SearchWork? {
        guard let id = edition.id, let idURL = URL(string: id), ["https", "http"].contains(idURL.scheme ?? ""),
            idURL.host?.isEmpty == false, id.count <= 300,
            let title = edition.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty
        else { return nil }
        var authors: [String] = []
        for uri in edition.authors.prefix(authorsPerBook) {
            if let name = try await authorName(uri, loopback: loopback) { authors.append(name) }
        }
        let bookID = BookID(source: .bookwyrm, value: id)
        let image = RemoteAddress.address(edition.imageURL, sourceIsLoopback: loopback)
        var details = BookDetails(
            id: bookID, title: title, isbn: edition.isbn10.flatMap { try? ISBN($0) }?.isbn10,
            isbn13: edition.isbn13.flatMap { try? ISBN($0) }?.isbn13, imageURL: image,
            originalPublicationYear: edition.year, pageCount: edition.pages.flatMap { $0 > 0 ? $0 : nil },
            authors: authors.map { BookAuthor(id: nil, name: $0) })
        details.pageCountSource = details.pageCount == nil ? nil : .bookwyrm
        return SearchWork(
            id: bookID, title: title, authorName: authors.first, imageURL: image,
            originalPublicationYear: edition.year, details: details)
    }

    /// An author's name from its URI, asked once; `nil` when the URI is unsafe or its answer
    /// unusable (the book is kept without it).
    private func authorName(_ uri: String, loopback: Bool) async throws -> String? {
        if let known = authorNames.lookUp(uri) { return known }
        guard let url = URL(string: uri), RemoteAddress.address(uri, sourceIsLoopback: loopback) != nil else {
            authorNames.remember(uri, nil)
            return nil
        }
        var name: String?
        do {
            let response = try await caller.get(url, headers: Self.activityJSON, httpsOnly: true)
            if (200..<300).contains(response.status),
                let author = try? JSONDecoder().decode(BookWyrmActivity.self, from: response.body)
            {
                name = author.name.map { HTMLSanitizer.plainText(fromHTML: String($0.prefix(200))) }
                    .flatMap { $0.isEmpty ? nil : $0 }
            }
        } catch let error as FetchError where Self.losesOnlyTheName(error) {
            name = nil
        }
        authorNames.remember(uri, name)
        return name
    }
}

extension BookWyrmShelfClient {
    /// An author's URI that cannot be reached or leads nowhere safe costs its book the name, not
    /// the book; any other failure (a size cap, a rate limit) stops the gathering as a page's would.
    static func losesOnlyTheName(_ error: FetchError) -> Bool {
        switch error {
        case .unsafeRedirect, .tooManyRedirects: true
        default: error.isUnreachable || error.isTransient
        }
    }
}

/// The authors a client has asked for, by URI (a name, or `nil` for one that could not be read).
private final class AuthorNames: Sendable {
    private let names = Locked<[String: String?]>([:])

    func lookUp(_ uri: String) -> String?? { names.withLock { $0[uri] } }

    func remember(_ uri: String, _ name: String?) { names.withLock { $0[uri] = .some(name) } }
}
