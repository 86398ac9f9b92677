import Foundation

/// Gathers books with real covers for a query: fetches search pages in turn from a start page
/// (wrapping to page 1 after the last) until it holds the wanted number or results run out.
///
/// API calls are sequential and throttled by the source. Covers are downloaded concurrently
/// (bounded) while the next page waits for its turn, so a gathering takes little more than the
/// throttle's floor. Placeholders, books already held and covers that fail are skipped and made
/// up for. No page is fetched twice. The books kept are the first successes in search order, so
/// the outcome does not depend on which download finishes first.
///
/// A feed with no total (a reader's shelf) is read page after page until a page lists no book
/// met before. `admits` narrows the books kept (a shelf's year) without narrowing the pages read;
/// `excluding` passes over books already held (a reroll's other selection). With
/// `drawsMissingCovers` (a reader's own shelf) a book whose cover is a placeholder or fails is
/// kept with a drawn one instead of being made up for.
public struct Gatherer: Sendable {
    /// Where pages come from.
    public var source: any BookSource
    /// Downloads and checks covers.
    public var covers: CoverDownloader
    /// Cover downloads in flight at once.
    public var maximumConcurrentDownloads: Int

    /// A gatherer from `source`.
    public init(source: any BookSource, covers: CoverDownloader, maximumConcurrentDownloads: Int = 8) {
        self.source = source
        self.covers = covers
        self.maximumConcurrentDownloads = max(1, maximumConcurrentDownloads)
    }

    private enum Outcome: Sendable {
        case page(Int, SearchPage)
        case cover(order: Int, Result<Data, CoverDownloader.Failure>)
    }

    /// `count` may be `Int.max`: every book with a cover.
    public func gather(
        query: String, count: Int, startPage: Int = 1,
        admits: @escaping @Sendable (SearchWork) -> Bool = { _ in true }, excluding: Set<BookID> = [],
        drawsMissingCovers: Bool = false, noting: (@Sendable (SearchWork) -> Void)? = nil,
        progress: @escaping @Sendable (GatheringEvent) -> Void = { _ in }
    ) async throws -> Gathering {
        let wanted = max(1, count)
        var candidates: [SearchWork] = []  // every distinct book met, in search order
        var outcomes: [Int: Result<Data, CoverDownloader.Failure>] = [:]
        var seenBooks = Set<BookID>()
        var waiting: [Int] = []  // candidate orders waiting for a download slot
        var downloading = 0
        var kept = 0
        var plan = PagePlan(start: max(1, startPage))
        var pageInFlight = false
        var pagesFetched: [Int] = []
        var totalResults = 0
        var pageSize: Int?
        var listed = 0  // distinct books the pages listed, admitted or not

        let chosen: [GatheredBook]? = try await withThrowingTaskGroup(of: Outcome.self) { group in
            func fetch(page: Int) {
                pageInFlight = true
                group.addTask { .page(page, try await source.searchPage(for: query, page: page)) }
            }
            fetch(page: plan.start)
            while let outcome = try await group.next() {
                switch outcome {
                case .page(let number, let page):
                    pageInFlight = false
                    pagesFetched.append(number)
                    if !page.isOpenEnded {
                        totalResults = page.totalResults
                        if plan.totalPages == nil {
                            pageSize = Self.pageSize(of: page, number: number)
                            plan.totalPages = Self.pageCount(
                                totalResults: page.totalResults, pageSize: pageSize, maximum: source.maximumSearchPage)
                        }
                    }
                    var withCovers = 0
                    var fresh = 0
                    for work in page.works where seenBooks.insert(work.id).inserted {
                        fresh += 1
                        noting?(work)
                        guard admits(work), !excluding.contains(work.id) else { continue }
                        let order = candidates.count
                        candidates.append(work)
                        if work.hasPlaceholderCover {
                            outcomes[order] = .failure(.placeholder)
                            if drawsMissingCovers { kept += 1 }
                        } else {
                            waiting.append(order)
                            withCovers += 1
                        }
                    }
                    if page.isOpenEnded {
                        listed += fresh
                        totalResults = candidates.count
                        // A page shorter than the pages before it is the last: no call for the next.
                        let short = pageSize.map { page.works.count < $0 } ?? false
                        if pageSize == nil, !page.works.isEmpty { pageSize = page.works.count }
                        plan.extendOpenEnded(
                            after: number, listedNewBooks: fresh > 0 && !short, maximum: source.maximumSearchPage)
                    }
                    progress(
                        .page(
                            number: number, works: page.works.count, withCovers: withCovers,
                            totalPages: plan.totalPages ?? 0))
                case .cover(let order, let result):
                    downloading -= 1
                    outcomes[order] = result
                    switch result {
                    case .success:
                        kept += 1
                        // Downloads already under way may bring more than wanted: those add nothing to say.
                        if kept <= wanted {
                            progress(.coverKept(title: candidates[order].title, found: kept, wanted: wanted))
                        }
                    case .failure(let failure):
                        if drawsMissingCovers { kept += 1 }
                        progress(.coverSkipped(title: candidates[order].title, reason: failure.reason))
                    }
                }
                while downloading < maximumConcurrentDownloads, !waiting.isEmpty {
                    let order = waiting.removeFirst()
                    let work = candidates[order]
                    downloading += 1
                    group.addTask { .cover(order: order, try await covers.cover(of: work)) }
                }
                if let selection = Self.selection(
                    candidates: candidates, outcomes: outcomes, wanted: wanted, drawing: drawsMissingCovers)
                {
                    group.cancelAll()
                    return selection
                }
                // Ask for another page only when what is held and pending cannot reach the goal.
                if !pageInFlight, kept + downloading + waiting.count < wanted, let next = plan.next() {
                    fetch(page: next)
                }
            }
            return nil  // results ran out
        }
        let books =
            chosen
            ?? candidates.indices.compactMap { order in
                outcomes[order].flatMap { Self.book(candidates[order], $0, drawing: drawsMissingCovers) }
            }
        return Gathering(
            source: source.kind, books: books, wanted: wanted, startPage: plan.start, pagesFetched: pagesFetched,
            totalResults: totalResults, pageSize: pageSize, totalPages: plan.totalPages ?? 0, listed: listed,
            readToTheEnd: chosen == nil)
    }

    /// The first `wanted` successes in search order (with `drawing`, every book: a drawn cover
    /// for each failure), once every earlier candidate is settled.
    private static func selection(
        candidates: [SearchWork], outcomes: [Int: Result<Data, CoverDownloader.Failure>], wanted: Int, drawing: Bool
    ) -> [GatheredBook]? {
        var books: [GatheredBook] = []
        for order in candidates.indices {
            guard let outcome = outcomes[order] else { return nil }
            if let book = book(candidates[order], outcome, drawing: drawing) {
                books.append(book)
                if books.count == wanted { return books }
            }
        }
        return nil
    }

    /// The book of a settled candidate: its cover, a drawn one when `drawing`, else none.
    private static func book(_ work: SearchWork, _ outcome: Result<Data, CoverDownloader.Failure>, drawing: Bool)
        -> GatheredBook?
    {
        switch outcome {
        case .success(let cover): return GatheredBook(work: work, cover: cover)
        case .failure:
            guard drawing, let cover = try? DrawnCover.png(title: work.title, author: work.authorName) else {
                return nil
            }
            return GatheredBook(work: work, cover: cover, drawn: true)
        }
    }

    /// Results per page: from a first page its own span, from page n the offset it starts at.
    static func pageSize(of page: SearchPage, number: Int) -> Int? {
        if number > 1, page.resultsStart > 1 {
            return (page.resultsStart - 1) / (number - 1)
        }
        return page.pageSize > 0 ? page.pageSize : nil
    }

    /// Pages the results allow: ⌈total ÷ page size⌉, capped at the source's maximum page.
    public static func pageCount(totalResults: Int, pageSize: Int?, maximum: Int) -> Int {
        guard totalResults > 0, let pageSize, pageSize > 0 else { return totalResults > 0 ? 1 : 0 }
        return min((totalResults + pageSize - 1) / pageSize, maximum)
    }

    /// A random start page for a reroll: any page the results allow except `current`, when
    /// there is more than one.
    public static func rerollPage(current: Int, totalPages: Int, using generator: inout some RandomNumberGenerator)
        -> Int
    {
        guard totalPages > 1 else { return 1 }
        guard (1...totalPages).contains(current) else { return Int.random(in: 1...totalPages, using: &generator) }
        let page = Int.random(in: 1...(totalPages - 1), using: &generator)
        return page >= current ? page + 1 : page
    }
}

/// The order pages are visited in: the start page, the ones after it, then from page 1 up to
/// the start (wrapping), each once.
struct PagePlan {
    let start: Int
    var totalPages: Int?
    private var offset = 0

    init(start: Int) {
        self.start = start
    }

    /// After a page of an open-ended feed: one more page is worth reading while pages list new
    /// books; the first that lists none marks the end.
    mutating func extendOpenEnded(after number: Int, listedNewBooks: Bool, maximum: Int) {
        if listedNewBooks, !endKnown {
            totalPages = min(max(totalPages ?? 0, number + 1), maximum)
        } else {
            endKnown = true
            totalPages = max(totalPages ?? 0, min(number, maximum))
        }
    }

    private var endKnown = false

    mutating func next() -> Int? {
        guard let totalPages, totalPages > 0 else { return nil }
        while offset + 1 < max(totalPages, start) {
            offset += 1
            let page = (start - 1 + offset) % max(totalPages, start) + 1
            if page <= totalPages { return page }
        }
        return nil
    }
}
