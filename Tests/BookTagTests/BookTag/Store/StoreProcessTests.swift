import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// Several booktag processes on one home, and processes killed mid-write.
@Suite(.serialized) struct StoreProcessTests {
    @Test func twoProcessesWritingAtOnceLoseNothing() async throws {
        let temporary = try TemporaryHome()
        let count = 25
        let first = try HelperProcess(["create-tags", temporary.folder.path, "alpha", String(count)])
        let second = try HelperProcess(["create-tags", temporary.folder.path, "beta", String(count)])
        for helper in [first, second] {
            let (status, errors) = await helper.finish()
            #expect(status == 0, "helper failed: \(errors)")
            #expect(!errors.contains("locked"), "\(errors)")
        }
        let store = try BookStore.open(home: temporary.home)
        let tags = try store.tags()
        #expect(tags.count == 2 * count)
        #expect(tags.allSatisfy { $0.bookCount == 12 })
        #expect(try store.count("tagBook") == 2 * count * 12)
        #expect(try store.integrityCheck())
        try store.sweepCovers()
        #expect(temporary.coverFilesOnDisk() == (try store.referencedCoverPaths()))
    }

    /// `kill -9` at twenty random moments of a replace loop: the database stays sound and the
    /// tag always holds one complete set; the next writer's sweep leaves no stray cover file.
    @Test func killedMidReplaceTheStoreStaysConsistent() async throws {
        let temporary = try TemporaryHome()
        let name = try TagName("fantasy")
        var generator = SystemRandomNumberGenerator()
        var setsSeen = Set<Int>()
        for round in 0..<20 {
            let helper = try HelperProcess(["replace-loop", temporary.folder.path, "fantasy"])
            #expect(await helper.waitForLine(startingWith: "ready") != nil, "round \(round): helper did not start")
            try await Task.sleep(nanoseconds: UInt64.random(in: 1_000_000...60_000_000, using: &generator))
            await helper.stop()
            #expect(helper.process.terminationReason == .uncaughtSignal)

            let store = try BookStore.open(home: temporary.home)
            #expect(try store.integrityCheck(), "round \(round)")
            let books = try store.books(of: name)
            let sets = Set(books.map { SyntheticBooks.setNumber(ofTitle: $0.book.title) })
            #expect(books.count == 12 && sets.count == 1, "round \(round): a mixed or partial set \(sets)")
            #expect(try store.tag(name)?.bookCount == 12)
            if let set = sets.first, let set { setsSeen.insert(set) }
            for entry in books {
                #expect(
                    FileManager.default.fileExists(atPath: store.coverURL(entry.book.coverPath).path),
                    "round \(round): missing cover")
            }
        }
        // After the next writing command, no cover file is unreferenced.
        let store = try BookStore.open(home: temporary.home)
        try store.replaceBooks(
            of: name, with: SyntheticBooks.set(9999),
            search: SearchPosition(totalResults: 40, pageSize: 20, startPage: 1))
        #expect(temporary.coverFilesOnDisk() == (try store.referencedCoverPaths()))
        #expect(try store.count("coverCheck") == 0)
        #expect(setsSeen.count > 1, "the kills should land after different numbers of replacements")
    }
}
