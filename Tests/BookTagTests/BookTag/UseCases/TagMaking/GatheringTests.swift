import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Gathering end to end, replaying the bundled recording: no network, no throttle.
@Suite struct GatheringTests {
    static func gatherer(counting: Bool = false) throws -> (Gatherer, CountingTransport) {
        let transport = CountingTransport(try ReplayTransport(folder: Fixtures.replay))
        let source = GoodreadsClient(apiKey: "test-key", transport: transport, throttle: nil)
        return (Gatherer(source: source, covers: CoverDownloader(transport: transport)), transport)
    }

    @Test func twelveCoveredBooksFromPagesHalfWithoutCovers() async throws {
        let (gatherer, _) = try Self.gatherer()
        let events = Locked<[GatheringEvent]>([])
        let gathering = try await gatherer.gather(
            query: "fantasy", count: 12, progress: { event in events.withLock { $0.append(event) } })
        #expect(gathering.books.count == 12 && gathering.shortfall == 0)
        #expect(gathering.pagesFetched == [1, 2], "page 1 holds only 7 real covers")
        #expect(gathering.totalResults == 52 && gathering.pageSize == 20 && gathering.totalPages == 3)

        // In search order: page 1's seven real covers, then page 2's first five new ones.
        let ids: [Int] = gathering.books.map(\.work.id.goodreadsNumber!)
        let fromPageOne: [Int] = [0, 2, 6, 10, 14, 16, 18].map { 5_100_000 + $0 * 7 }
        let fromPageTwo: [Int] = [1, 3, 5, 7, 9].map { 5_300_000 + $0 }
        #expect(Array(ids.prefix(7)) == fromPageOne)
        #expect(Array(ids.suffix(5)) == fromPageTwo)
        #expect(Set(ids).count == 12, "the book on both pages is held once")
        #expect(gathering.books.allSatisfy { ImageInfo($0.cover)?.width == 300 }, "the larger variant was fetched")

        let skipped = events.withLock { $0 }.compactMap { event -> String? in
            if case .coverSkipped(let title, let reason) = event { return "\(title): \(reason)" }
            return nil
        }
        #expect(skipped.contains { $0.contains("HTTP 404") })
        #expect(skipped.contains { $0.contains("not an image") })
        #expect(skipped.contains { $0.contains("1×1 stand-in") })
    }

    @Test func fewerThanWantedWhenFewerExist() async throws {
        let (gatherer, _) = try Self.gatherer()
        let gathering = try await gatherer.gather(query: "tiny", count: 12)
        #expect(gathering.books.count == 3 && gathering.shortfall == 9 && gathering.pagesFetched == [1])
    }

    @Test func zeroResults() async throws {
        let (gatherer, _) = try Self.gatherer()
        let gathering = try await gatherer.gather(query: "zzqx", count: 12)
        #expect(gathering.books.isEmpty && gathering.totalResults == 0 && gathering.totalPages == 0)
    }

    @Test func aGatheringFromTheLastPageWrapsToPageOne() async throws {
        let (gatherer, _) = try Self.gatherer()
        let gathering = try await gatherer.gather(query: "fantasy", count: 12, startPage: 3)
        #expect(gathering.pagesFetched == [3, 1] && gathering.books.count == 12)
        #expect(gathering.books.first?.work.id == .goodreads(5_400_001), "page 3 comes first")
    }

    @Test func noPageIsFetchedTwice() async throws {
        let (gatherer, _) = try Self.gatherer()
        let gathering = try await gatherer.gather(query: "fantasy", count: 100, startPage: 2)
        #expect(gathering.pagesFetched == [2, 3, 1])
        #expect(gathering.books.count == 23, "every real cover on all three pages (7 + 10 + 6), the duplicate once")
    }

    @Test func pagePlanVisitsEachPageOnceWrapping() {
        var plan = PagePlan(start: 3)
        plan.totalPages = 5
        var pages: [Int] = []
        while let page = plan.next() { pages.append(page) }
        #expect(pages == [4, 5, 1, 2])
        var beyond = PagePlan(start: 7)
        beyond.totalPages = 3
        var rest: [Int] = []
        while let page = beyond.next() { rest.append(page) }
        #expect(rest == [1, 2, 3])
    }

    @Test func rerollPageChoiceIsSeededAndNeverTheCurrentPage() {
        var generator = SeededGenerator(seed: 42)
        let picks = (0..<200).map { _ in Gatherer.rerollPage(current: 2, totalPages: 5, using: &generator) }
        #expect(!picks.contains(2))
        #expect(Set(picks) == [1, 3, 4, 5])
        var same = SeededGenerator(seed: 42)
        #expect((0..<200).map { _ in Gatherer.rerollPage(current: 2, totalPages: 5, using: &same) } == picks)
        var one = SeededGenerator(seed: 1)
        #expect(Gatherer.rerollPage(current: 1, totalPages: 1, using: &one) == 1)
        #expect(Gatherer.pageCount(totalResults: 52, pageSize: 20, maximum: 100) == 3)
        #expect(Gatherer.pageCount(totalResults: 100_000, pageSize: 20, maximum: 100) == 100)
        #expect(Gatherer.pageCount(totalResults: 0, pageSize: nil, maximum: 100) == 0)
    }

    @Test func largerCoverVariantsComeFirst() {
        #expect(
            CoverURL.downloadCandidates(for: "https://images.gr-assets.com/books/1284984371m/123.jpg")
                == [
                    "https://images.gr-assets.com/books/1284984371l/123.jpg",
                    "https://images.gr-assets.com/books/1284984371m/123.jpg",
                ])
        #expect(
            CoverURL.downloadCandidates(
                for: "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1630501681l/6185._SX98_.jpg"
            )
                == [
                    "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1630501681l/6185.jpg",
                    "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1630501681l/6185._SX98_.jpg",
                ])
        #expect(CoverURL.downloadCandidates(for: "https://example.com/cover.png") == ["https://example.com/cover.png"])
    }
}

/// `add` and `reroll` over the replay and a real store.
@Suite struct TagMakerTests {
    static func library(home: TemporaryHome) throws -> (TagMaker, CountingTransport) {
        let (gatherer, transport) = try GatheringTests.gatherer()
        return (TagMaker(store: try BookStore.open(home: home.home), gatherer: gatherer), transport)
    }

    @Test func addStoresTwelveBooksAndASecondAddMakesNoRequest() async throws {
        let temporary = try TemporaryHome()
        let (library, transport) = try Self.library(home: temporary)
        let outcome = try await library.add(TagName("Fantasy"))
        #expect(outcome.books.count == 12 && outcome.tag.name == "Fantasy" && outcome.tag.startPage == 1)
        #expect(outcome.tag.totalResults == 52 && outcome.tag.pageSize == 20)
        let requests = transport.requests
        await #expect(throws: StoreError.tagExists("Fantasy")) { try await library.add(TagName(" fantasy ")) }
        #expect(transport.requests == requests)
    }

    @Test func addingATagWithNoBooksStoresNothing() async throws {
        let temporary = try TemporaryHome()
        let (library, _) = try Self.library(home: temporary)
        await #expect(throws: GatheringError.noBooks(query: "zzqx", source: .goodreads)) {
            try await library.add(TagName("zzqx"))
        }
        await #expect(throws: GatheringError.noCovers(query: "nocovers", results: 3)) {
            try await library.add(TagName("nocovers"))
        }
        #expect(try library.store.tags().isEmpty)
        #expect(temporary.coverFilesOnDisk().isEmpty)
    }

    @Test func addKeepsWhatExistsWhenFewerThanWanted() async throws {
        let temporary = try TemporaryHome()
        let (library, _) = try Self.library(home: temporary)
        let outcome = try await library.add(TagName("tiny"))
        #expect(outcome.books.count == 3 && outcome.gathering.shortfall == 9)
    }

    @Test func rerollReplacesTheSetFromAnotherPage() async throws {
        let temporary = try TemporaryHome()
        let (library, _) = try Self.library(home: temporary)
        let added = try await library.add(TagName("fantasy"))
        var generator = SeededGenerator(seed: 7)
        let rerolled = try await library.reroll(TagName("fantasy"), using: &generator)
        #expect(rerolled.tag.startPage != 1)
        #expect(rerolled.books.count == 12)
        #expect(rerolled.books.map(\.book.bookID) != added.books.map(\.book.bookID))
        #expect(rerolled.gathering.pagesFetched.first == rerolled.tag.startPage)
        #expect(temporary.coverFilesOnDisk() == (try library.store.referencedCoverPaths()))
    }

    @Test func aFailedRerollLeavesTheOldSet() async throws {
        let temporary = try TemporaryHome()
        let (library, _) = try Self.library(home: temporary)
        _ = try await library.add(TagName("fantasy"))
        let before = try library.store.books(of: TagName("fantasy"))
        let files = try temporary.coverFileContents()
        // A source whose pages all fail.
        let broken = GoodreadsClient(apiKey: "k", transport: ScriptedTransport([:]), throttle: nil)
        let failing = TagMaker(
            store: library.store,
            gatherer: Gatherer(source: broken, covers: CoverDownloader(transport: ScriptedTransport([:]))))
        var generator = SeededGenerator(seed: 3)
        await #expect(throws: (any Error).self) { try await failing.reroll(TagName("fantasy"), using: &generator) }
        #expect(try library.store.books(of: TagName("fantasy")) == before)
        #expect(try temporary.coverFileContents() == files)
    }

    @Test func rerollOfAnUnknownTag() async throws {
        let temporary = try TemporaryHome()
        let (library, _) = try Self.library(home: temporary)
        var generator = SeededGenerator(seed: 1)
        await #expect(throws: StoreError.tagNotFound("nope")) {
            try await library.reroll(TagName("nope"), using: &generator)
        }
    }
}
