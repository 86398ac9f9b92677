import BookTag
import CFuzzDriver
import FuzzSupport

/// The HTML sanitiser (libxml2's HTML parser through booktag's shim) on any text: both forms must
/// come back, and the safe HTML must keep only the kept elements and http(s) links.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let html = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    SafeHTMLCheck.check(HTMLSanitizer.safeHTML(fromHTML: html))
    _ = HTMLSanitizer.plainText(fromHTML: html)
    return 0
}

/// The executable's entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzHTML_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    booktag_run_fuzzer(argc, argv)
}
