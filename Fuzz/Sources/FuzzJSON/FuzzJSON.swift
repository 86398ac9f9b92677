import CFuzzDriver
import Foundation

@testable import BookTag

/// Open Library's JSON as booktag decodes it (JSONDecoder into lenient records): a subject page,
/// a search, a work, an edition, an author, ratings, a reader's reading log. Byte 0 picks the
/// document; the rest is its body. Refusing is fine; crashing, hanging or leaking is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let body = Data(bytes: start + 1, count: count - 1)
    switch start.load(as: UInt8.self) % 7 {
    case 0:
        _ = try? OpenLibraryDecoder.subjectPage(
            from: body, offset: 0, limit: 30, coversURL: URL(string: "https://covers.openlibrary.org")!)
    case 1: _ = try? OpenLibraryDecoder.decode(SearchResponse.self, from: body)
    case 2: _ = try? OpenLibraryDecoder.work(from: body)
    case 3: _ = try? OpenLibraryDecoder.edition(from: body)
    case 4: _ = try? OpenLibraryDecoder.author(from: body)
    case 5: _ = try? OpenLibraryDecoder.ratings(from: body)
    default: _ = try? OpenLibraryDecoder.decode(ReadingLogResponse.self, from: body)
    }
    return 0
}

/// The executable's entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzJSON_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    booktag_run_fuzzer(argc, argv)
}
