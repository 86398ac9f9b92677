// Makes the tag "fantasy" from Open Library, answered by a recording instead of the network, and
// draws its collage twice: the default PNG and a phone-sized JPEG with the tag's numbers.
//
//   swift run --package-path Examples collage-from-recording RECORDING [HOME]
//
// RECORDING is a folder made by `booktag --record` (the repository's fixtures/openlibrary-replay
// will do); HOME is where the store and collages go (default: a new temporary folder).
import BookTag
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let recordingPath = arguments.first else {
    FileHandle.standardError.write(Data("usage: collage-from-recording RECORDING [HOME]\n".utf8))
    exit(64)
}
let homeFolder =
    arguments.dropFirst().first.map { URL(fileURLWithPath: $0, isDirectory: true) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "booktag-example-\(UUID().uuidString)", isDirectory: true)

do {
    // 1. A home: the store, the covers and the collages live under one folder.
    let home = BookTagHome(folder: homeFolder)
    let store = try BookStore.open(home: home)

    // 2. A source. A replay answers from disk, so no throttle is needed; over the network, pass
    //    `RequestThrottle(home: home)` and an `HTTPClientTransport` from BookTagHTTP (shut it down at the end).
    let replay = try ReplayTransport(folder: URL(fileURLWithPath: recordingPath, isDirectory: true))
    let openLibrary = OpenLibraryClient(transport: replay, throttle: nil)
    let gatherer = Gatherer(source: openLibrary, covers: CoverDownloader(transport: replay))

    // 3. The tag: page after page until 12 books have real covers, stored in one step, with
    //    its collage drawn.
    let library = TagMaker(store: store, gatherer: gatherer)
    let name = try TagName("fantasy")
    let outcome = try await library.add(name, count: 12, collage: CollageOptions())
    print("\(outcome.tag.name): \(outcome.books.count) books from pages \(outcome.gathering.pagesFetched)")
    for entry in outcome.books {
        print("  \(entry.book.position + 1). \(entry.book.title) — \(entry.book.authorName ?? "unknown author")")
    }
    if let collage = outcome.collage {
        print("collage: \(collage.file.path)")
    }

    // 4. The same books again, for a phone, with the tag's numbers under the covers: no network.
    let phone = CollageOptions(format: .jpeg, size: try CollageSize(parsing: "phone"), stats: true)
    let drawn = try CollageMaker(store: store).make(tag: name, options: phone)
    print("phone collage: \(drawn.file.path) (\(drawn.style.summary))")

    let stats = try store.stats(of: name)
    print("\(stats.books) books, \(stats.pages.total.map(GroupedNumber.text) ?? "unknown") pages")
} catch {
    FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
    exit(1)
}
