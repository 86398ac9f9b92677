import CLibXML2
import Foundation

/// An element of an `XMLDocument`. It keeps its document alive, so it is safe to hold on to
/// (elements handed out while streaming are the exception: they live only during the call).
///
/// Name and attribute lookups compare bytes in place and text is read straight from
/// libxml2's buffers, so walking a tree allocates only for the values actually extracted.
public struct XMLElement {
    /// Keeps the tree alive; `nil` only for elements lent out during streaming.
    let owner: XMLDocument?
    let node: xmlNodePtr

    /// The element's local name.
    public var name: String {
        String(cString: node.pointee.name)
    }

    /// Whether the element's name is `name`, compared without allocating.
    public func hasName(_ name: StaticString) -> Bool {
        Self.bytes(node.pointee.name, equal: name)
    }

    /// The element children, in document order.
    public var children: XMLChildElements {
        XMLChildElements(parent: self)
    }

    /// The first child element called `name`.
    public func child(_ name: StaticString) -> XMLElement? {
        var current = node.pointee.children
        while let candidate = current {
            if candidate.pointee.type == XML_ELEMENT_NODE, Self.bytes(candidate.pointee.name, equal: name) {
                return XMLElement(owner: owner, node: candidate)
            }
            current = candidate.pointee.next
        }
        return nil
    }

    /// The value of the attribute `name`.
    public func attribute(_ name: StaticString) -> String? {
        var property = node.pointee.properties
        while let candidate = property {
            if Self.bytes(candidate.pointee.name, equal: name) {
                guard
                    let value = xmlNodeGetContent(
                        UnsafeMutableRawPointer(candidate).assumingMemoryBound(to: xmlNode.self))
                else {
                    return ""
                }
                defer { booktag_xml_free(value) }
                return String(cString: value)
            }
            property = candidate.pointee.next
        }
        return nil
    }

    /// Goodreads marks absent values as `nil="true"`.
    public var isMarkedNil: Bool {
        attribute("nil") == "true"
    }

    /// The text content with surrounding whitespace removed; `nil` when that leaves nothing or
    /// the element is marked `nil="true"`.
    public var text: String? {
        if node.pointee.properties != nil, isMarkedNil { return nil }
        return withTrimmedContent { bytes in
            bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The text content as an integer; `nil` when empty, marked nil, or not a number.
    public var integer: Int? {
        if node.pointee.properties != nil, isMarkedNil { return nil }
        return withTrimmedContent(Self.parseInteger)
    }

    /// The text content as a decimal number; `nil` when empty, marked nil, or not a number.
    public var double: Double? {
        guard let text else { return nil }
        return Double(text)
    }

    /// Calls `body` with the element's text content, trimmed of XML whitespace. The common case,
    /// a single text child, is read in place; mixed content is gathered by libxml2 first.
    private func withTrimmedContent<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let first = node.pointee.children else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        if first.pointee.next == nil,
            first.pointee.type == XML_TEXT_NODE || first.pointee.type == XML_CDATA_SECTION_NODE,
            let content = first.pointee.content
        {
            return body(Self.trimmed(content))
        }
        guard let content = xmlNodeGetContent(node) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        defer { booktag_xml_free(content) }
        return body(Self.trimmed(content))
    }

    private static func trimmed(_ content: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        var start = content
        while start.pointee.isXMLWhitespace { start += 1 }
        var end = start + strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))
        while end > start, (end - 1).pointee.isXMLWhitespace { end -= 1 }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    private static func parseInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
            guard bytes.count > 1 else { return nil }
        }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return negative ? -value : value
    }

    static func bytes(_ name: UnsafePointer<xmlChar>?, equal expected: StaticString) -> Bool {
        guard let name else { return false }
        let count = expected.utf8CodeUnitCount
        return memcmp(name, expected.utf8Start, count) == 0 && name[count] == 0
    }
}
