import Foundation

/// Finds Open Library cover ids for books known by ISBN or by title and author, many books per
/// call, through `/search.json`. The per-ISBN cover address is never used: Open Library limits
/// it to 100 look-ups per 5 minutes per address, while covers by id are not limited.
///
/// A batch is looked up by ISBN-13, then the ISBN-10s that name another edition, then title and
/// author for what is still unknown: usually one or two API calls for up to `batchSize` books,
/// each through the Open Library client's throttle.
public struct CoverSearch: Sendable {
    /// What is known of a book to look it up.
    public struct Book: Hashable, Sendable {
        /// The caller's own key for the book, to match answers to asks.
        public var key: String
        /// Looked up first.
        public var isbn13: String?
        /// Then this, for editions Open Library files under it.
        public var isbn10: String?
        /// Then title and author.
        public var title: String
        /// With the title.
        public var author: String?
        /// The Open Library work, when the caller knows it: looked up by its key, nothing else.
        public var work: BookID?

        /// A book to find.
        public init(key: String, isbn13: String?, isbn10: String?, title: String, author: String?, work: BookID? = nil)
        {
            self.key = key
            self.work = work?.source == .openlibrary ? work : nil
            self.isbn13 = isbn13
            self.isbn10 = isbn10
            self.title = title
            self.author = author
        }
    }

    /// What Open Library has for a book: a cover, the work the answer was (a book's identity
    /// when its file gives none), and its editions' median page count.
    public struct Match: Hashable, Sendable {
        /// The cover's id (covers by id are not rate-limited).
        public var coverID: Int
        /// The Open Library work.
        public var work: BookID?
        /// `number_of_pages_median`, when Open Library knows it.
        public var pages: Int?
        /// The work's title, as Open Library has it.
        public var title: String?
        /// Its first author.
        public var author: String?

        /// A match.
        public init(coverID: Int, work: BookID?, pages: Int?, title: String? = nil, author: String? = nil) {
            self.coverID = coverID
            self.work = work
            self.pages = pages
            self.title = title
            self.author = author
        }
    }

    /// Its calls go through this client's throttle.
    public var client: OpenLibraryClient
    /// Books per ISBN query: about 2 KB of URL.
    public var batchSize = 100
    /// Books per title-and-author query (their clauses are longer).
    public var titleBatchSize = 20

    /// A search through `client`.
    public init(client: OpenLibraryClient) {
        self.client = client
    }

    /// What Open Library has for each book it has a cover for, by `Book.key`; books missing from
    /// the answer have none.
    public func matches(for books: [Book]) async throws -> [String: Match] {
        var found: [String: Match] = [:]
        for chunk in books.chunked(batchSize) {
            // Works known by key are asked for by key alone: a reading log has no title or ISBN.
            try await resolveByWork(chunk.filter { $0.work != nil }, into: &found)
            let chunk = chunk.filter { $0.work == nil }
            let by13 = chunk.compactMap { book in book.isbn13.map { (book, $0) } }
            try await resolveByISBN(by13, into: &found)
            let by10 = chunk.filter { found[$0.key] == nil }.compactMap { book -> (Book, String)? in
                guard let isbn10 = book.isbn10, book.isbn13 == nil || (try? ISBN(isbn10))?.isbn13 != book.isbn13 else {
                    return nil
                }
                return (book, isbn10)
            }
            try await resolveByISBN(by10, into: &found)
            let byTitle = chunk.filter { found[$0.key] == nil }
            for titles in byTitle.chunked(titleBatchSize) {
                try await resolveByTitle(Array(titles), into: &found)
            }
        }
        return found
    }

    private func resolveByWork(_ books: [Book], into found: inout [String: Match]) async throws {
        guard !books.isEmpty else { return }
        let query = books.compactMap { $0.work.map { "key:/works/\($0.value)" } }.joined(separator: " OR ")
        let docs = try await search(query, limit: max(100, books.count * 2))
        for book in books {
            if let match = docs.first(where: { $0.work == book.work })?.match { found[book.key] = match }
        }
    }

    private func resolveByISBN(_ books: [(Book, String)], into found: inout [String: Match]) async throws {
        guard !books.isEmpty else { return }
        let query = books.map { "isbn:\($0.1)" }.joined(separator: " OR ")
        let docs = try await search(query, limit: max(100, books.count * 2))
        var covers: [String: Match] = [:]
        for doc in docs {
            guard let match = doc.match else { continue }
            for isbn in doc.isbns where covers[isbn] == nil { covers[isbn] = match }
        }
        for (book, isbn) in books {
            if let match = covers[isbn] { found[book.key] = match }
        }
    }

    private func resolveByTitle(_ books: [Book], into found: inout [String: Match]) async throws {
        let clauses = books.compactMap { book -> String? in
            let title = Self.queryText(Self.mainTitle(book.title))
            guard !title.isEmpty else { return nil }
            let author = Self.queryText(Self.surname(book.author) ?? "")
            return author.isEmpty ? "(title:\"\(title)\")" : "(title:\"\(title)\" AND author:\"\(author)\")"
        }
        guard !clauses.isEmpty else { return }
        let docs = try await search(clauses.joined(separator: " OR "), limit: 100)
        for book in books {
            let title = Self.normalized(Self.mainTitle(book.title))
            let surname = Self.surname(book.author).map(Self.normalized)
            let match = docs.first { doc in
                guard let cover = doc.coverID, cover > 0, let docTitle = doc.title,
                    Self.normalized(Self.mainTitle(docTitle)) == title
                else { return false }
                guard let surname else { return true }
                return doc.authorNames.contains { Self.normalized($0).contains(surname) }
            }
            if let match = match?.match { found[book.key] = match }
        }
    }

    private func search(_ query: String, limit: Int) async throws -> [SearchDoc] {
        guard
            let body = try await client.call(
                "search.json",
                query: [
                    ("q", Self.encoded(query)), ("fields", "key,title,author_name,cover_i,isbn,number_of_pages_median"),
                    ("limit", String(limit)),
                ],
                notFound: nil)
        else { return [] }
        return try OpenLibraryDecoder.decode(SearchResponse.self, from: body).docs.compactMap(\.value)
    }

    // MARK: - Text

    /// A title without its series (`Dune (Dune, #1)`) or subtitle (`Sapiens: A Brief History`).
    static func mainTitle(_ title: String) -> String {
        var text = Substring(title)
        if let paren = text.range(of: " (", options: .backwards), text.hasSuffix(")") {
            text = text[..<paren.lowerBound]
        }
        if let colon = text.firstIndex(of: ":") { text = text[..<colon] }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The last word of an author's name, the part search indexes match best.
    static func surname(_ author: String?) -> String? {
        author?.split(whereSeparator: \.isWhitespace).last.map(String.init)
    }

    /// Lower-case letters and digits, single spaces: how titles are compared.
    static func normalized(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var kept = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            kept.append(CharacterSet.alphanumerics.contains(scalar) ? scalar : " ")
        }
        return String(kept).split(separator: " ").joined(separator: " ")
    }

    /// Text safe inside a quoted search term: no quotes, backslashes or other query syntax.
    static func queryText(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            kept.append(CharacterSet.alphanumerics.contains(scalar) || scalar == "'" || scalar == "-" ? scalar : " ")
        }
        return String(kept).split(separator: " ").joined(separator: " ")
    }

    /// Percent-encoded strictly, so `&`, `+`, `:` and quotes arrive as they are meant.
    static func encoded(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

extension Array {
    /// The array in consecutive pieces of at most `size` elements.
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: Swift.max(1, size)).map { self[$0..<Swift.min($0 + Swift.max(1, size), count)] }
    }
}
