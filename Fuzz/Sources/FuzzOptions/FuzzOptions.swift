import BookTag
import CFuzzDriver
import Foundation
import FuzzSupport

/// The option parsers every command and form reads a reader's text through: collage sizes,
/// colours and labels, tag names, ISBNs, years, and the config file. Byte 0 picks the parser;
/// the rest is the text (or the config file's bytes). Each either refuses in one error or gives
/// a value that holds its own rules.

let folder = ScratchFolder.url
let configFile = folder.appendingPathComponent("config.json")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start + 1, count: count - 1)
    let text = String(decoding: bytes, as: UTF8.self)
    switch start.load(as: UInt8.self) % 7 {
    case 0:
        if let size = try? CollageSize(parsing: text) {
            precondition(size.width > 0 && size.height > 0, "\(text.debugDescription) gave \(size)")
        }
    case 1:
        _ = try? CollageColor(parsing: text)
    case 2:
        _ = try? CollageLabel.parseList(text)
    case 3:
        if let tag = try? TagName(text) {
            precondition(
                !tag.display.isEmpty && (try? TagName(tag.display)) == tag,
                "\(text.debugDescription) is not stable as \(tag.display.debugDescription)")
        }
    case 4:
        if let isbn = try? ISBN(text) {
            precondition(isbn.isbn13.count == 13, "\(text.debugDescription) gave \(isbn.isbn13)")
        }
    case 5:
        // Parsing takes any number; the request's rules then keep the years a shelf can have.
        if let year = try? AddRequest.year(from: text),
            (try? ImportRequest(file: URL(fileURLWithPath: "/dev/null"), year: year).validate()) != nil
        {
            precondition(AddRequest.yearRange.contains(year), "\(text.debugDescription) passed as the year \(year)")
        }
    default:
        _ = FileManager.default.createFile(atPath: configFile.path, contents: Data(bytes))
        _ = try? BookTagConfiguration.load(file: configFile, environment: [:])
    }
    return 0
}

/// The executable's entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzOptions_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    booktag_run_fuzzer(argc, argv)
}
