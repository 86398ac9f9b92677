import CLibXML2
import Foundation

/// Walks a page parsed by libxml2's HTML parser (as a browser would build it) and lists every
/// piece of markup that could run script or load something from elsewhere.
enum HTMLAudit {
    /// SVG itself draws (booktag's charts are inline SVG); what in it can run script or load is
    /// listed: script, event attributes and javascript: URLs are caught below as anywhere.
    static let scriptCapableElements: Set<String> = [
        "script", "iframe", "frame", "object", "embed", "applet", "math", "form", "base", "link", "template", "portal",
        "frameset",
        "foreignobject", "use", "image", "feimage", "animate", "set", "animatemotion", "animatetransform",
    ]
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "data", "xlink:href", "srcset", "poster", "background",
    ]

    static func scriptCapableMarkup(in page: String) -> [String] {
        var findings: [String] = []
        walk(page) { name, attributes, node in
            if name == "style", let content = xmlNodeGetContent(node) {
                // A style sheet must load nothing: no @import, no url().
                let css = String(cString: content).lowercased()
                booktag_xml_free(content)
                if css.contains("@import") || css.contains("url(") {
                    findings.append("<style> loads \(css.prefix(40))")
                }
            }
            if scriptCapableElements.contains(name) { findings.append("<\(name)>") }
            if name == "meta", attributes["http-equiv"]?.lowercased() == "refresh" { findings.append("meta refresh") }
            for (attribute, value) in attributes {
                let lowered = value.lowercased().filter { !$0.isWhitespace }
                if attribute.hasPrefix("on") { findings.append("\(name) \(attribute)=") }
                if urlAttributes.contains(attribute),
                    lowered.hasPrefix("javascript:") || lowered.hasPrefix("vbscript:") || lowered.hasPrefix("data:text")
                {
                    findings.append("\(name) \(attribute)=\(value.prefix(40))")
                }
                if attribute == "style", lowered.contains("url(") || lowered.contains("expression(") {
                    findings.append("\(name) style=\(value.prefix(40))")
                }
            }
        }
        return findings
    }

    static func elementCount(in page: String) -> Int {
        var count = 0
        walk(page) { _, _, _ in count += 1 }
        return count
    }

    /// Visits every element of the page as libxml2's HTML parser builds it, in document order,
    /// with its lower-cased name and attributes.
    static func walk(
        _ page: String, _ visit: (_ name: String, _ attributes: [String: String], _ node: xmlNodePtr) -> Void
    ) {
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        xmlInitParser()
        guard let document = booktag_html_read_memory(page, Int32(page.utf8.count), "UTF-8", options) else { return }
        defer { xmlFreeDoc(document) }
        var stack: [xmlNodePtr] = []
        var node = document.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                var attributes: [String: String] = [:]
                var attribute = current.pointee.properties
                while let a = attribute {
                    if let value = xmlGetProp(current, a.pointee.name) {
                        attributes[String(cString: a.pointee.name).lowercased()] = String(cString: value)
                        booktag_xml_free(value)
                    }
                    attribute = a.pointee.next
                }
                visit(String(cString: current.pointee.name).lowercased(), attributes, current)
            }
            if let child = current.pointee.children {
                stack.append(current)
                node = child
                continue
            }
            node = current.pointee.next
            while node == nil, let parent = stack.popLast() { node = parent.pointee.next }
        }
    }
}
