import Foundation
import Testing

@testable import BookTag

/// Hostile bodies must each fail with their own clear error, read no local file, and never
/// leak the marker planted in the file they point at.
@Suite(.serialized) struct HostileInputTests {
    static let markerPath = "/tmp/booktag-xxe-marker.txt"

    enum Expected: Sendable {
        case malformed
        case doctype(external: Bool)
        case tooDeep, invalidEncoding, decodedWithoutMarker
    }

    static let cases: [(String, Expected)] = [
        ("truncated.xml", .malformed),
        ("billion-laughs.xml", .doctype(external: false)),
        ("quadratic-blowup.xml", .doctype(external: false)),
        ("external-entity.xml", .doctype(external: false)),
        ("external-dtd.xml", .doctype(external: true)),
        ("parameter-entity.xml", .doctype(external: false)),
        ("deep-nesting.xml", .tooDeep),
        ("invalid-utf8.xml", .invalidEncoding),
        ("xinclude.xml", .decodedWithoutMarker),
    ]

    @Test(arguments: cases)
    func hostileBodyFailsSafely(file: String, expected: Expected) throws {
        let marker = "BOOKTAG-MARKER-\(UUID().uuidString)"
        try marker.write(toFile: Self.markerPath, atomically: true, encoding: .utf8)
        let loadsBefore = XMLDocument.refusedExternalLoads
        let body = try Fixtures.data("hostile/\(file)")

        var observed: [String] = []
        do {
            let book = try GoodreadsDecoder.book(from: body)
            observed.append(String(describing: book))
        } catch {
            observed.append(error.localizedDescription)
            observed.append(String(describing: error))
            switch (expected, error) {
            case (.malformed, .unreadableXML(.malformed)), (.tooDeep, .unreadableXML(.tooDeep)),
                (.invalidEncoding, .unreadableXML(.invalidEncoding)):
                break
            case (.doctype(let external), .unreadableXML(.doctypeNotAllowed(let systemID))):
                #expect((systemID != nil) == external)
            case (.decodedWithoutMarker, .missingElement("book/title")):
                break
            default:
                Issue.record("\(file): unexpected \(error)")
            }
        }
        do {
            let page = try GoodreadsDecoder.searchPage(from: body)
            observed.append(String(describing: page))
        } catch {
            observed.append(error.localizedDescription)
        }
        for text in observed {
            #expect(!text.contains(marker), "\(file) leaked the marker")
            #expect(!text.contains("\n"), "\(file): errors are one line")
        }
        #expect(XMLDocument.refusedExternalLoads == loadsBefore, "\(file) made libxml2 try to load something")
    }

    @Test func errorMessagesTellTheCasesApart() throws {
        var messages: [String: String] = [:]
        for (file, _) in Self.cases where file != "xinclude.xml" {
            do {
                _ = try GoodreadsDecoder.searchPage(from: try Fixtures.data("hostile/\(file)"))
                Issue.record("\(file) decoded")
            } catch {
                messages[file] = error.localizedDescription
            }
        }
        #expect(messages["truncated.xml"]?.contains("not well-formed") == true)
        #expect(messages["billion-laughs.xml"]?.contains("DTD") == true)
        #expect(messages["external-dtd.xml"]?.contains("external DTD") == true)
        #expect(messages["deep-nesting.xml"]?.contains("too deeply") == true)
        #expect(messages["invalid-utf8.xml"]?.contains("UTF-8") == true)
    }

    @Test func oversizedBodyIsRefusedBeforeParsing() {
        var body = Data("<GoodreadsResponse><search><query>".utf8)
        body.append(Data(repeating: UInt8(ascii: "a"), count: XMLDocument.maximumSize))
        body.append(Data("</query></search></GoodreadsResponse>".utf8))
        #expect(throws: GoodreadsError.unreadableXML(.tooLarge(bytes: body.count, limit: XMLDocument.maximumSize))) {
            try GoodreadsDecoder.searchPage(from: body)
        }
    }

    /// libxml2's HTML parser stops at its depth guard (256) and drops what lies deeper; the
    /// walk is iterative anyway. What must hold: no crash, the shallow text kept, inert output.
    @Test func deeplyNestedHTMLIsCutOffSafely() throws {
        let html =
            "intro <b>kept</b> " + String(repeating: "<b><i>", count: 50_000) + "deep"
            + String(repeating: "</i></b>", count: 50_000)
        #expect(HTMLSanitizer.plainText(fromHTML: html).hasPrefix("intro kept"))
        let safe = HTMLSanitizer.safeHTML(fromHTML: html)
        #expect(safe.hasPrefix("intro <b>kept</b>"))
        try InertHTML.check(safe)
    }
}
