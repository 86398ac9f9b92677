import CFuzzDriver
import Foundation

@testable import BookTag

/// The JSON booktag decodes (JSONDecoder into lenient records): Open Library's subject page,
/// search, work, edition, author, ratings and reading log; a Hardcover library page; a BookWyrm
/// shelf page or author; Audiobookshelf's user, sessions and items (bytes 243 and up). Byte 0
/// picks the document; the rest is its body. Refusing is fine;
/// crashing, hanging or leaking is not. A cover address kept is never a private one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let body = Data(bytes: start + 1, count: count - 1)
    let selector = start.load(as: UInt8.self)
    // Picks added later use the top bytes, so that the seeds of the others keep their meaning.
    if selector >= 243 {
        audiobookshelf(body)
        return 0
    }
    switch selector % 9 {
    case 0:
        _ = try? OpenLibraryDecoder.subjectPage(
            from: body, offset: 0, limit: 30, coversURL: URL(string: "https://covers.openlibrary.org")!)
    case 1: _ = try? OpenLibraryDecoder.decode(SearchResponse.self, from: body)
    case 2: _ = try? OpenLibraryDecoder.work(from: body)
    case 3: _ = try? OpenLibraryDecoder.edition(from: body)
    case 4: _ = try? OpenLibraryDecoder.author(from: body)
    case 5: _ = try? OpenLibraryDecoder.ratings(from: body)
    case 6: _ = try? OpenLibraryDecoder.decode(ReadingLogResponse.self, from: body)
    case 7:
        let client = HardcoverClient(token: "fuzz", transport: NoTransport(), throttle: nil)
        for book in (try? HardcoverClient.userBooks(from: HTTPResponse(status: 200, body: body))) ?? [] {
            if let work = client.work(from: book) { checkAddress(work.imageURL) }
        }
    default:
        if let page = try? JSONDecoder().decode(BookWyrmActivity.self, from: body) {
            for edition in page.orderedItems ?? [] {
                checkAddress(RemoteAddress.address(edition.imageURL, sourceIsLoopback: false))
                _ = edition.year
            }
        }
    }
    return 0
}

/// Audiobookshelf's user, a page of listening sessions, a library item: every session kept is one
/// a player could have recorded, and every item id kept is safe in an address and a file name.
func audiobookshelf(_ body: Data) {
    var clock = ReadingInterval.LocalClock(timeZone: TimeZone(identifier: "UTC")!)
    if let page = try? JSONDecoder().decode(AudiobookshelfResponse.SessionsPage.self, from: body) {
        for session in page.sessions ?? [] {
            guard let interval = AudiobookshelfClient.interval(session, clock: &clock) else { continue }
            precondition(interval.seconds > 0 && interval.seconds <= 86_400, "\(interval.seconds) s kept")
            precondition((0..<24).contains(interval.hour) && CalendarDay(interval.day) != nil, "\(interval)")
        }
    }
    if let me = try? JSONDecoder().decode(AudiobookshelfResponse.Me.self, from: body) {
        for progress in me.mediaProgress ?? [] {
            guard let id = progress.libraryItemId, AudiobookshelfClient.isItemID(id) else { continue }
            precondition(!id.contains("/") && !id.contains("."), "kept the id \(id)")
        }
    }
    if let item = try? JSONDecoder().decode(AudiobookshelfResponse.Item.self, from: body) {
        _ = item.media?.metadata?.authorNames
    }
}

/// An address kept from a stranger's document is http(s) and names no private network.
func checkAddress(_ address: String?) {
    guard let address else { return }
    let url = URL(string: address)
    precondition(["http", "https"].contains(url?.scheme?.lowercased() ?? ""), "kept \(address)")
    precondition(!RemoteAddress.isPrivate(url?.host?.lowercased() ?? ""), "kept a private address: \(address)")
}

/// No network: the Hardcover client only decodes here.
struct NoTransport: HTTPTransport {
    func send(_ request: HTTPRequest, sent: @escaping @Sendable () -> Void) async throws -> HTTPResponse {
        throw FetchError.cannotReach(host: "the fuzzer")
    }
}

/// The executable's entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    booktag_run_fuzzer(argc, argv)
}
