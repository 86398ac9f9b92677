/// One page of search results: a Goodreads `search/index.xml` answer, or an Open Library
/// subject page (its offset and work count in the same terms).
public struct SearchPage: Equatable, Sendable, Codable {
    /// The query as Goodreads echoes it back.
    public var query: String?
    /// 1-based index of the first result on this page.
    public var resultsStart: Int
    /// 1-based index of the last result on this page; `resultsStart - 1` when there are none.
    public var resultsEnd: Int
    /// Results across all pages.
    public var totalResults: Int
    /// The works on this page that could be decoded, in the server's order.
    public var works: [SearchWork]
    /// Works present on the page but lacking a book id or title, and so left out of `works`.
    public var skippedWorks: Int
    /// The page size the request asked for, for sources paged by offset (Open Library): a page
    /// may hold fewer works than asked while more exist, so its span does not tell the size.
    public var pageSizeAsked: Int?
    /// A feed that states no total (a reader's shelf): its pages are read in turn until one
    /// lists no book not met before, and `totalResults` counts this page only.
    public var isOpenEnded: Bool

    /// A page as a source's decoder reads it.
    public init(
        query: String?, resultsStart: Int, resultsEnd: Int, totalResults: Int,
        works: [SearchWork], skippedWorks: Int = 0, pageSizeAsked: Int? = nil, isOpenEnded: Bool = false
    ) {
        self.pageSizeAsked = pageSizeAsked
        self.isOpenEnded = isOpenEnded
        self.query = query
        self.resultsStart = resultsStart
        self.resultsEnd = resultsEnd
        self.totalResults = totalResults
        self.works = works
        self.skippedWorks = skippedWorks
    }

    /// Results per page as this response states it (`results-end − results-start + 1`).
    /// Goodreads has changed its page size over the years, so it is read, never assumed;
    /// only a full page tells the true size, a last page is shorter.
    public var pageSize: Int {
        pageSizeAsked ?? max(0, resultsEnd - resultsStart + 1)
    }
}
