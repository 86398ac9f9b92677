import CLibXML2
import Foundation

/// A piece of untrusted HTML parsed by libxml2's HTML parser (forgiving, as browsers are,
/// with no network and no external loads), walked without recursion so that arbitrarily
/// deep nesting cannot exhaust the stack.
final class HTMLFragment {
    private let document: htmlDocPtr?

    init(_ html: String) {
        LibXML2.ensureInitialised()
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        // An explicit <body> keeps libxml2 from wrapping leading text in an implied <p>.
        var bytes = Array("<body>".utf8) + Array(html.utf8)
        if bytes.count > XMLDocument.maximumSize {
            bytes.removeLast(bytes.count - XMLDocument.maximumSize)
        }
        document =
            bytes.isEmpty
            ? nil
            : bytes.withUnsafeBufferPointer { buffer in
                LibXML2.withStructuredErrors(context: nil, handler: { _, _ in }) {
                    buffer.withMemoryRebound(to: CChar.self) { chars in
                        booktag_html_read_memory(chars.baseAddress, Int32(chars.count), "UTF-8", options)
                    }
                }
            }
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// What the walk meets.
    enum Event {
        /// An element opens. Return `false` to skip everything inside it (and its `leave`).
        case enter(name: String, node: xmlNodePtr)
        /// Text, with entities already decoded by the parser.
        case text(String)
        /// An element whose children were walked closes.
        case leave(name: String)
    }

    /// Visits the tree in document order. `visit` returns whether to descend into an element.
    func walk(_ visit: (Event) -> Bool) {
        guard let document, let start = document.pointee.children else { return }
        var current: xmlNodePtr? = start
        while let node = current {
            var descend = false
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                let name = String(cString: node.pointee.name).lowercased()
                descend = visit(.enter(name: name, node: node))
                if !descend { break }
                if let child = node.pointee.children {
                    current = child
                    continue
                }
                _ = visit(.leave(name: name))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    _ = visit(.text(String(cString: content)))
                }
            default:
                break  // comments, processing instructions, the DTD node
            }
            // Move on: the next sibling, or up through finished parents.
            var finished = node
            current = nil
            while true {
                if let next = finished.pointee.next {
                    current = next
                    break
                }
                guard let parent = finished.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { break }
                _ = visit(.leave(name: String(cString: parent.pointee.name).lowercased()))
                finished = parent
            }
        }
    }

    /// The value of attribute `name` on an element met during `walk`, with entities decoded.
    static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { booktag_xml_free(value) }
        return String(cString: value)
    }
}
