import CLibXML2
import Foundation
import Testing

@testable import BookTag

@Suite struct HTMLSanitizerTests {
    @Test func plainTextFromRawHTMLInCDATA() throws {
        let html = try #require(
            GoodreadsDecoder.book(from: Fixtures.data("book/book-show-cdata-html.xml")).descriptionHTML)
        #expect(
            HTMLSanitizer.plainText(fromHTML: html) == """
                In a valley where the trees grow glass fruit, Mira’s family guards the last orchard—until the frost comes.

                A story of loss, courage and second chances.
                Winner of the Lantern Prize.

                “Luminous.” — The Review
                """)
    }

    @Test func plainTextFromHTMLEscapedAsText() throws {
        let html = try #require(
            GoodreadsDecoder.book(from: Fixtures.data("book/book-show-escaped-html.xml")).descriptionHTML)
        #expect(
            HTMLSanitizer.plainText(fromHTML: html) == """
                Роман о тумане.

                Second paragraph & more — with a bad link.
                """)
    }

    @Test func plainTextCollapsesWhitespaceAndDropsCode() {
        let html = "  Hello \n\t <b>big</b>   world<style>p{}</style><script>x()</script><br/>next&nbsp;line  "
        #expect(HTMLSanitizer.plainText(fromHTML: html) == "Hello big world\nnext line")
    }

    @Test func plainTextMapsWindows1252AndStripsControlCharacters() {
        #expect(HTMLSanitizer.plainText(fromHTML: "a&#151;b &#147;q&#148; &#133;") == "a—b “q” …")
        #expect(HTMLSanitizer.plainText(fromHTML: "red\u{1B}[31m alert\u{07}") == "red[31m alert")
    }

    @Test func safeHTMLKeepsTheAllowedSubset() {
        let html =
            #"<p class="x">One <b>bold</b> <i>it</i> <em>em</em> <strong>s</strong><br/><a href="https://example.com/a?b=1&amp;c=2" title="t">link</a> <span>plain</span></p>"#
        #expect(
            HTMLSanitizer.safeHTML(fromHTML: html)
                == #"<p>One <b>bold</b> <i>it</i> <em>em</em> <strong>s</strong><br><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer">link</a> plain</p>"#
        )
    }

    @Test func safeHTMLEscapesText() {
        #expect(
            HTMLSanitizer.safeHTML(fromHTML: "a &lt;script&gt; b &amp; \"c\"")
                == "a &lt;script&gt; b &amp; &quot;c&quot;")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "jav\tascript:alert(1)",
        "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "//evil.example/x", "/relative",
        "https://exa mple.com", "http:///nohost",
    ])
    func safeHTMLDropsUnsafeLinks(href: String) {
        let output = HTMLSanitizer.safeHTML(fromHTML: "<a href=\"\(href.htmlEscaped)\">text</a>")
        #expect(output == "text")
    }

    /// Every vector from the XSS fixture (OWASP filter-evasion kinds), checked two ways: by
    /// string and by re-parsing the output as a browser would and inspecting every node.
    @Test func xssVectorsComeOutInert() throws {
        let book = try GoodreadsDecoder.book(from: Fixtures.data("book/book-show-xss.xml"))
        let description = try #require(book.descriptionHTML)
        let vectors = description.components(separatedBy: "<br />")
        #expect(vectors.count >= 20)
        for html in vectors + [description] {
            let safe = HTMLSanitizer.safeHTML(fromHTML: html)
            let lowered = safe.lowercased()
            #expect(!lowered.contains("<script"), "\(html)")
            #expect(!lowered.contains("javascript:"), "\(html)")
            #expect(!lowered.contains("data:"), "\(html)")
            #expect(lowered.firstMatch(of: /<[^>]*\son[a-z]+\s*=/) == nil, "\(html)")
            try InertHTML.check(safe)

            // Plain text goes to a terminal: what matters there is that code is dropped and no
            // control character survives; a literal "<" is just a character.
            let text = HTMLSanitizer.plainText(fromHTML: html)
            #expect(
                !text.contains("xss-script") && !text.contains("xss-double") && !text.contains("xss-quotes"), "\(text)")
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
        }
        #expect(
            HTMLSanitizer.safeHTML(fromHTML: description).contains(
                #"<a href="https://example.com/ok" rel="nofollow noopener noreferrer">a good link</a>"#))
    }
}

/// Re-parses sanitised output with libxml2's HTML parser and fails on any element or attribute
/// outside the allowed subset.
enum InertHTML {
    static func check(_ html: String) throws {
        guard !html.isEmpty else { return }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue)
        xmlInitParser()
        let document = try #require(booktag_html_read_memory(html, Int32(html.utf8.count), "UTF-8", options))
        defer { xmlFreeDoc(document) }
        var stack: [xmlNodePtr] = []
        var node = document.pointee.children
        while let current = node ?? stack.popLast()?.pointee.next {
            node = nil
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = String(cString: current.pointee.name)
                #expect(
                    ["p", "br", "b", "i", "em", "strong", "a", "html", "body"].contains(name),
                    "element \(name) in \(html)")
                var attribute = current.pointee.properties
                while let a = attribute {
                    let attributeName = String(cString: a.pointee.name)
                    #expect(
                        name == "a" && ["href", "rel"].contains(attributeName), "attribute \(attributeName) in \(html)")
                    attribute = a.pointee.next
                }
            }
            if let child = current.pointee.children {
                stack.append(current)
                node = child
            } else if let next = current.pointee.next {
                node = next
            } else {
                while let parent = stack.popLast() {
                    if let next = parent.pointee.next {
                        node = next
                        break
                    }
                }
                if node == nil { break }
            }
        }
    }
}

@Suite struct SafeHTMLLayoutTests {
    @Test func droppedMarkupLeavesNoLadderOfBreaks() {
        let html = "<div></div><br><br><br><br>one<br><br><br><br>two<br><br>"
        #expect(HTMLSanitizer.safeHTML(fromHTML: html) == "one<br><br>two")
    }
}
