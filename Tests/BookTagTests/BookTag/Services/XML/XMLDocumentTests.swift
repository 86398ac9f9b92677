import Foundation
import Testing

@testable import BookTag

@Suite struct XMLDocumentTests {
    @Test func walksElementsAndReadsTrimmedText() throws {
        let document = try XMLDocument(
            string: """
                <root>
                  <title>  Dune &amp; Sons  </title>
                  <count type="integer"> 42 </count>
                  <rating>4.19</rating>
                  <cdata><![CDATA[ <b>raw</b> ]]></cdata>
                  <!-- a comment -->
                  <mixed>one <i>two</i> three</mixed>
                </root>
                """)
        let root = try #require(document.root)
        #expect(root.children.map(\.name) == ["title", "count", "rating", "cdata", "mixed"])
        #expect(root.child("title")?.text == "Dune & Sons")
        #expect(root.child("count")?.integer == 42)
        #expect(root.child("count")?.attribute("type") == "integer")
        #expect(root.child("rating")?.double == 4.19)
        #expect(root.child("cdata")?.text == "<b>raw</b>")
        #expect(root.child("mixed")?.text == "one two three")
        #expect(root.child("absent") == nil)
    }

    @Test func nilMarkedAndEmptyElementsAreNil() throws {
        let document = try XMLDocument(
            string: """
                <r><a nil="true"/><b></b><c>   </c><d nil="true">5</d><e>abc</e><f>0</f></r>
                """)
        let root = try #require(document.root)
        for name in ["a", "b", "c", "d"] {
            let element = try #require(root.children.first { $0.name == name })
            #expect(element.text == nil, "\(name)")
            #expect(element.integer == nil, "\(name)")
        }
        #expect(root.child("e")?.integer == nil, "non-numbers are not numbers")
        #expect(root.child("f")?.integer == 0, "a real zero stays zero")
    }

    @Test func skipsByteOrderMarkAndLeadingWhitespace() throws {
        let body = Data([0xEF, 0xBB, 0xBF]) + Data("\n\n  \t<?xml version=\"1.0\"?><ok>yes</ok>".utf8)
        #expect(try XMLDocument(data: body).root?.text == "yes")
    }

    @Test func reportsWhereMalformedXMLBreaks() {
        let error = #expect(throws: XMLError.self) { try XMLDocument(string: "<a>\n  <b>text</a>") }
        guard case .malformed(let message, let line, let column) = error else {
            Issue.record("expected .malformed, got \(String(describing: error))")
            return
        }
        #expect(message == "Opening and ending tag mismatch: b line 2 and a")
        #expect(line == 2 && column > 0)
    }

    @Test func refusesOversizedBodiesBeforeParsing() {
        let body = Data(repeating: UInt8(ascii: " "), count: 2048)
        #expect(throws: XMLError.tooLarge(bytes: 2048, limit: 1024)) {
            try XMLDocument(data: body, maximumSize: 1024)
        }
    }

    @Test func refusesEmptyBodies() {
        #expect(throws: XMLError.empty) { try XMLDocument(string: " \n ") }
    }

    @Test func errorsAreOneReadableLine() {
        let errors: [XMLError] = [
            .empty, .tooLarge(bytes: 20, limit: 10), .doctypeNotAllowed(systemID: "file:///x"),
            .doctypeNotAllowed(systemID: nil), .tooDeep(line: 1, column: 2),
            .invalidEncoding(line: 1, column: 2), .malformed(message: "m", line: 1, column: 2),
        ]
        for error in errors {
            let text = error.localizedDescription
            #expect(!text.isEmpty && !text.contains("\n"), "\(error)")
        }
        #expect(Set(errors.map(\.localizedDescription)).count == errors.count)
    }
}
