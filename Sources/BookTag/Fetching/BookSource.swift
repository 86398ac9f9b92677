/// Where books come from. Gathering, the store and the command depend only on this, so another
/// source (Open Library's JSON API is the likely next) can be added beside Goodreads.
public protocol BookSource: Sendable {
    /// One page (1-based) of search results for `query`.
    func searchPage(for query: String, page: Int) async throws -> SearchPage
    /// A book's details by the source's id.
    func book(id: Int) async throws -> BookDetails
    /// A book's details by ISBN.
    func book(isbn: ISBN) async throws -> BookDetails
    /// The highest search page the source answers.
    var maximumSearchPage: Int { get }
}
