import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// `collage --print` asks Open Library for each cover's original once, keeps it beside the
/// small one, and prints from it: the recording's "science fiction" has 14 covered works
/// whose originals are 1200×1800 (four times the large size each way), except one that 404s,
/// one no larger and one that is not an image.
@Suite(.serialized) struct PrintLargestCoversTests {
    static let tag = "science fiction"
    static let replay = ["--replay", Fixtures.openLibraryReplay.path]

    static func booktag(_ arguments: [String], home: TemporaryHome) async throws -> BooktagProcess.Run {
        try await BooktagProcess.run(arguments + ["--home", home.folder.path])
    }

    static func scienceFiction() async throws -> TemporaryHome {
        let home = try TemporaryHome()
        let run = try await booktag(["add", tag, "--source", "openlibrary"] + replay, home: home)
        try #require(run.status == 0, "\(run.errors)")
        return home
    }

    static func originalRequests(_ run: BooktagProcess.Run) -> [String] {
        run.errors.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("GET cover") && $0.contains(".jpg?default=false") && !$0.contains("-L.jpg")
        }
    }

    @Test func aPrintFetchesTheOriginalsOnceAndPrintsThemSharper() async throws {
        let home = try await Self.scienceFiction()
        let offline = try await Self.booktag(
            ["collage", Self.tag, "--print", "a2", "--offline", "--json", "-v"] + Self.replay, home: home)
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(Self.originalRequests(offline).isEmpty, "--offline asks nothing")
        let before = try PrintCommandTests.json(offline)
        #expect(before["originalsAsked"] as? Int == 0 && before["originalsKept"] as? Int == 0, "\(before)")

        let first = try await Self.booktag(
            ["collage", Self.tag, "--print", "a2", "--json", "-v"] + Self.replay, home: home)
        #expect(first.status == 0, "\(first.errors)")
        #expect(Self.originalRequests(first).count == 12, "\(first.errors)")
        #expect(first.errors.contains("asked Open Library for 12 original covers: 9 larger, kept for print"))
        let after = try PrintCommandTests.json(first)
        #expect(after["originalsAsked"] as? Int == 12 && after["originalsKept"] as? Int == 9, "\(after)")
        let file = URL(fileURLWithPath: try #require(after["file"] as? String))

        // The nine originals are in the PDF at their own size; the other three as stored.
        let images = try PDFTools.images(file)
        #expect(images.count == 12, "\(images)")
        #expect(images.count { $0.width == 1200 && $0.height == 1800 } == 9, "\(images)")
        #expect(images.count { $0.width == 300 && $0.height == 450 } == 3, "\(images)")
        let ppi = images.map(\.xPPI).sorted()
        #expect(after["medianPPI"] as? Int == ppi[(ppi.count - 1) / 2] && after["lowestPPI"] as? Int == ppi.first)
        let medianBefore = try #require(before["medianPPI"] as? Int)
        let medianAfter = try #require(after["medianPPI"] as? Int)
        #expect(abs(medianAfter - medianBefore * 4) <= 3, "four times as sharp: \(before) → \(after)")
        #expect(after["softCovers"] as? Int == 3 && before["softCovers"] as? Int == 12)

        // Kept: the next print asks nothing and prints the same.
        let second = try await Self.booktag(
            ["collage", Self.tag, "--print", "a2", "--json", "-v"] + Self.replay, home: home)
        #expect(second.status == 0 && Self.originalRequests(second).isEmpty, "\(second.errors)")
        #expect(try PrintCommandTests.json(second)["medianPPI"] as? Int == after["medianPPI"] as? Int)

        // Screens keep the small covers: the collage is drawn from them as before.
        let store = try BookStore.open(home: home.home)
        let books = try store.books(of: TagName(Self.tag))
        #expect(
            books.allSatisfy { (try? ImageInfo(Data(contentsOf: store.coverURL($0.book.coverPath))))??.width == 300 })
        #expect(try store.largestCoverPaths(of: TagName(Self.tag)).count == 9)
    }

    @Test func aCoverThatCouldNotBeFetchedIsAskedForAgain() async throws {
        let home = try await Self.scienceFiction()
        // The recording of "fantasy" holds no originals: every request fails as not recorded, and
        // after three failures in a row the rest are not asked.
        let fantasy = try await Self.booktag(["add", "fantasy", "--source", "openlibrary"] + Self.replay, home: home)
        try #require(fantasy.status == 0, "\(fantasy.errors)")
        for _ in 0..<2 {
            let run = try await Self.booktag(["collage", "fantasy", "--print", "a3", "-v"] + Self.replay, home: home)
            #expect(run.status == 0, "\(run.errors)")
            #expect(Self.originalRequests(run).count == FetchLargestCovers.stopAfterFailures, "\(run.errors)")
            #expect(run.errors.contains("3 could not be fetched"), "\(run.errors)")
            #expect(run.errors.contains("and 9 more not asked"), "\(run.errors)")
        }
        #expect(try BookStore.open(home: home.home).largestCoverPaths(of: TagName("fantasy")).isEmpty)
    }

    /// An original larger than a print can draw (here a PNG whose header says 6000×6000, 36 MP)
    /// is not kept: the cover prints at the size stored rather than as a title tile.
    @Test func anOriginalTooLargeToDrawIsNotKept() async throws {
        let huge = Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0, 0, 0x17, 0x70, 0, 0, 0x17, 0x70, 8, 2, 0, 0, 0, 0, 0, 0, 0])
        let replay = try ReplayServer(recording: Fixtures.openLibraryReplay, origin: "https://openlibrary.org") {
            $0.path.hasSuffix("/b/id/13400000.jpg") ? LoopbackServer.Reply(body: huge) : nil
        }
        let home = try TemporaryHome()
        let base = replay.baseURL.absoluteString
        let config = ["openlibrary": ["baseURL": base, "coversURL": base + "/_/covers.openlibrary.org"]]
        try JSONSerialization.data(withJSONObject: config).write(to: home.home.configFile)
        #expect(try await Self.booktag(["add", Self.tag], home: home).status == 0)
        let run = try await Self.booktag(["collage", Self.tag, "--print", "a2", "--json"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("12 original covers: 8 larger"), "\(run.errors)")
        let images = try PDFTools.images(
            URL(fileURLWithPath: try #require(try PrintCommandTests.json(run)["file"] as? String)))
        #expect(images.count == 12 && images.count { $0.width == 1200 } == 8, "\(images)")
    }

    @Test func originalsGoThroughTheThrottleOneAtATime() async throws {
        let (replay, home) = try ServeProcess.throttledHome(interval: 0.25)
        let add = try await Self.booktag(["add", Self.tag], home: home)
        try #require(add.status == 0, "\(add.errors)")
        let asked = replay.coverRequests.count
        let run = try await Self.booktag(["collage", Self.tag, "--print", "a2"], home: home)
        #expect(run.status == 0, "\(run.errors)")
        let originals = replay.coverRequests.dropFirst(asked)
        #expect(
            originals.count == 12 && originals.allSatisfy { !$0.path.contains("-L.jpg") }, "\(originals.map(\.path))")
        let arrivals = originals.map(\.arrival)
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= 0.2 }, "gaps \(gaps)")
    }

    @Test func removingTheTagRemovesTheOriginalsWithTheCovers() async throws {
        let home = try await Self.scienceFiction()
        let run = try await Self.booktag(["collage", Self.tag, "--print", "a2"] + Self.replay, home: home)
        #expect(run.status == 0, "\(run.errors)")
        let store = try BookStore.open(home: home.home)
        let largest = try store.largestCoverPaths(of: TagName(Self.tag))
        #expect(
            largest.count == 9
                && largest.values.allSatisfy { FileManager.default.fileExists(atPath: store.coverFilePath($0)) })
        #expect(try await Self.booktag(["remove", Self.tag], home: home).status == 0)
        #expect(largest.values.allSatisfy { !FileManager.default.fileExists(atPath: store.coverFilePath($0)) })
        let left = FileManager.default.enumerator(atPath: home.home.coversFolder.path)?.allObjects
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
        #expect(left?.isEmpty != false, "\(left ?? [])")
    }

    @Test func aBackupCarriesTheOriginals() async throws {
        let home = try await Self.scienceFiction()
        #expect(try await Self.booktag(["collage", Self.tag, "--print", "a2"] + Self.replay, home: home).status == 0)
        let archive = home.folder.deletingLastPathComponent().appendingPathComponent("backup-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: archive) }
        let backup = try await Self.booktag(["backup", archive.path], home: home)
        #expect(backup.status == 0, "\(backup.errors)")
        let restored = try TemporaryHome()
        let restore = try await Self.booktag(["restore", archive.path], home: restored)
        #expect(restore.status == 0, "\(restore.errors)")
        let offline = try await Self.booktag(
            ["collage", Self.tag, "--print", "a2", "--offline", "--json"], home: restored)
        #expect(offline.status == 0, "\(offline.errors)")
        let images = try PDFTools.images(
            URL(fileURLWithPath: try #require(try PrintCommandTests.json(offline)["file"] as? String)))
        #expect(images.count { $0.width == 1200 } == 9, "\(images)")
    }

    @Test func offlineGoesOnlyWithPrint() async throws {
        let home = try await Self.scienceFiction()
        let run = try await Self.booktag(["collage", Self.tag, "--offline"], home: home)
        #expect(run.status == 64 && run.errors.contains("--offline go with --print"), "\(run.errors)")
    }

    @Test(
        arguments: [
            (
                "https://covers.openlibrary.org/b/id/8739161-L.jpg?default=false",
                "https://covers.openlibrary.org/b/id/8739161.jpg?default=false"
            ),
            (
                "https://covers.openlibrary.org/b/isbn/0385472579-M.jpg",
                "https://covers.openlibrary.org/b/isbn/0385472579.jpg"
            ),
            (
                "http://127.0.0.1:8080/_/covers.openlibrary.org/b/olid/OL7440033M-S.jpg",
                "http://127.0.0.1:8080/_/covers.openlibrary.org/b/olid/OL7440033M.jpg"
            ),
            ("https://covers.openlibrary.org/b/id/8739161.jpg?default=false", nil),
            ("https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1/375802._SY160_.jpg", nil),
            ("file:///b/id/1-L.jpg", nil),
            ("https://covers.openlibrary.org/b/id/-L.jpg", nil),
        ] as [(String, String?)])
    func openLibrarysOriginalDropsTheSizeSuffix(address: String, original: String?) {
        #expect(LargestCoverAddress.address(for: address) == original)
    }
}
