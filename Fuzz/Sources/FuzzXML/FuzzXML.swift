import CFuzzDriver
import Foundation
import FuzzSupport

@testable import BookTag

/// The XML layer (libxml2 through booktag's shim, with booktag's parse options) as the Goodreads
/// API's search and book documents and a shelf's RSS feed reach it. Byte 0 picks the document;
/// the rest is its body. A decoder may refuse (a thrown error); it must not crash, read out of
/// bounds, leak or hang; a book's description must come out of the sanitiser inert.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let body = Data(bytes: start + 1, count: count - 1)
    switch start.load(as: UInt8.self) % 3 {
    case 0:
        _ = try? GoodreadsDecoder.searchPage(from: body)
    case 1:
        if let html = (try? GoodreadsDecoder.book(from: body))?.descriptionHTML {
            SafeHTMLCheck.check(HTMLSanitizer.safeHTML(fromHTML: html))
            _ = HTMLSanitizer.plainText(fromHTML: html)
        }
    default:
        _ = try? ShelfFeedDecoder.items(from: body)
    }
    return 0
}

/// The executable's entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzXML_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    booktag_run_fuzzer(argc, argv)
}
