import CLibXML2
import Foundation

/// A well-formed XML document parsed by libxml2 with options that cannot be talked into
/// loading anything: no network, no entity substitution, no DTD (refused outright), and
/// libxml2's default depth and size guards left on. Owns the tree and frees it on `deinit`.
public final class XMLDocument {
    /// The largest body booktag will parse; anything bigger is refused before parsing starts.
    public static let maximumSize = 10 * 1024 * 1024

    let pointer: xmlDocPtr

    /// Parses `data`, skipping a byte-order mark and whitespace before the first `<`
    /// (real Goodreads recordings sometimes carry them).
    public convenience init(data: Data, maximumSize: Int = XMLDocument.maximumSize) throws(XMLError) {
        let result: Result<xmlDocPtr, XMLError> = data.withUnsafeBytes { buffer in
            Result { () throws(XMLError) in try Self.parse(buffer, maximumSize: maximumSize) }
        }
        try self.init(pointer: result.get())
    }

    /// Parses the bytes of `text` (UTF-8).
    public convenience init(string text: String, maximumSize: Int = XMLDocument.maximumSize) throws(XMLError) {
        try self.init(data: Data(text.utf8), maximumSize: maximumSize)
    }

    private init(pointer: xmlDocPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// The document element.
    public var root: XMLElement? {
        guard let node = xmlDocGetRootElement(pointer) else { return nil }
        return XMLElement(owner: self, node: node)
    }
}

// MARK: - Parsing

extension XMLDocument {
    /// Parser options: NONET, NOCDATA (CDATA becomes ordinary text), NOBLANKS and COMPACT
    /// (a smaller, faster tree). Deliberately absent: NOENT, DTDLOAD, DTDATTR, HUGE, RECOVER.
    private static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOBLANKS.rawValue
            | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
    )

    /// What the SAX hooks saw during one parse.
    private final class ParseState {
        var firstError: (code: Int32, message: String, line: Int, column: Int)?
        var refusedDoctype = false
        var doctypeSystemID: String?
    }

    private static func state(of context: UnsafeMutableRawPointer?) -> ParseState? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let opaque = parser.pointee._private else { return nil }
        return Unmanaged<ParseState>.fromOpaque(opaque).takeUnretainedValue()
    }

    /// Records the first error libxml2 reports; later ones are usually consequences of it.
    private static let recordError: xmlStructuredErrorFunc = { context, error in
        guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue,
            let state = XMLDocument.state(of: context), state.firstError == nil
        else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        state.firstError = (
            error.pointee.code,
            message.trimmingCharacters(in: .whitespacesAndNewlines),
            Int(error.pointee.line),
            Int(error.pointee.int2)
        )
    }

    /// Streams `data` through libxml2's push parser and hands each child element of the element
    /// at `containerPath` to `handle` as soon as it is complete, then frees it. The returned
    /// document holds the rest. Memory stays flat however many such children there are.
    /// Each element is valid only during its `handle` call.
    static func streaming(
        data: Data, childrenOf containerPath: [StaticString], maximumSize: Int = XMLDocument.maximumSize,
        chunkSize: Int = streamingChunkSize, handle: (XMLElement) -> Void
    ) throws(XMLError) -> XMLDocument {
        let result: Result<xmlDocPtr, XMLError> = data.withUnsafeBytes { buffer in
            Result { () throws(XMLError) in
                var container: xmlNodePtr?
                return try parse(buffer, maximumSize: maximumSize, chunkSize: chunkSize) { parser in
                    if container == nil { container = find(containerPath, in: parser.pointee.myDoc) }
                    if let container { releaseCompletedChildren(of: container, openNode: parser.pointee.node, handle) }
                }
            }
        }
        return try XMLDocument(pointer: result.get())
    }

    /// Bytes pushed to the parser at a time when streaming.
    static let streamingChunkSize = 64 * 1024

    private static func parse(
        _ buffer: UnsafeRawBufferPointer, maximumSize: Int, chunkSize: Int = Int(Int32.max),
        afterChunk: (xmlParserCtxtPtr) -> Void = { _ in }
    ) throws(XMLError) -> xmlDocPtr {
        guard buffer.count <= maximumSize else {
            throw .tooLarge(bytes: buffer.count, limit: maximumSize)
        }
        let body = skippingLeadingWhitespace(buffer)
        guard let base = body.baseAddress?.assumingMemoryBound(to: CChar.self), !body.isEmpty else { throw .empty }
        LibXML2.ensureInitialised()

        // The first bytes go in at creation so that libxml2 detects the encoding from them.
        let head = min(4, body.count)
        guard let parser = booktag_xml_create_push_parser(base, Int32(head)) else {
            throw .malformed(message: "libxml2 could not create a parser (out of memory?)", line: 0, column: 0)
        }
        defer { xmlFreeParserCtxt(parser) }
        _ = xmlCtxtUseOptions(parser, options)

        let state = ParseState()
        parser.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        // A DOCTYPE is refused the moment it is seen, before its internal subset is read,
        // so no entity is ever declared, let alone expanded or loaded.
        parser.pointee.sax.pointee.internalSubset = { context, _, _, systemID in
            guard let context, let state = XMLDocument.state(of: context) else { return }
            state.refusedDoctype = true
            state.doctypeSystemID = systemID.map { String(cString: $0) }
            xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self))
        }
        parser.pointee.sax.pointee.serror = recordError

        withExtendedLifetime(state) {
            LibXML2.withStructuredErrors(context: UnsafeMutableRawPointer(parser), handler: recordError) {
                var offset = head
                repeat {
                    let length = min(chunkSize, body.count - offset)
                    let last = offset + length == body.count
                    _ = xmlParseChunk(parser, base + offset, Int32(length), last ? 1 : 0)
                    offset += length
                    if state.refusedDoctype || state.firstError != nil || parser.pointee.disableSAX != 0 { break }
                    afterChunk(parser)
                } while offset < body.count
            }
        }
        let document = parser.pointee.myDoc
        parser.pointee.myDoc = nil

        if state.refusedDoctype {
            xmlFreeDoc(document)
            throw .doctypeNotAllowed(systemID: state.doctypeSystemID)
        }
        if let error = state.firstError {
            xmlFreeDoc(document)
            throw classify(error)
        }
        guard parser.pointee.wellFormed != 0, let document else {
            xmlFreeDoc(document)
            throw .malformed(message: "the document is not well-formed", line: 0, column: 0)
        }
        return document
    }

    /// The element reached from the root by following `path` (first element: the root's name).
    private static func find(_ path: [StaticString], in document: xmlDocPtr?) -> xmlNodePtr? {
        guard let document, let root = xmlDocGetRootElement(document), let first = path.first,
            XMLElement.bytes(root.pointee.name, equal: first)
        else { return nil }
        var current = root
        for name in path.dropFirst() {
            guard let next = XMLElement(owner: nil, node: current).child(name) else { return nil }
            current = next.node
        }
        return current
    }

    /// Hands over and frees every child of `container` that the parser has finished: all of
    /// them except a last child that is, or contains, the element still open (`openNode`).
    /// Text children go too, so libxml2 never finds a stale text node to append to.
    private static func releaseCompletedChildren(
        of container: xmlNodePtr, openNode: xmlNodePtr?, _ handle: (XMLElement) -> Void
    ) {
        var child = container.pointee.children
        while let current = child {
            let next = current.pointee.next
            if next == nil, isAncestorOrSelf(current, of: openNode) { break }
            if current.pointee.type == XML_ELEMENT_NODE {
                handle(XMLElement(owner: nil, node: current))
            }
            xmlUnlinkNode(current)
            xmlFreeNode(current)
            child = next
        }
    }

    private static func isAncestorOrSelf(_ candidate: xmlNodePtr, of node: xmlNodePtr?) -> Bool {
        var current = node
        while let step = current {
            if step == candidate { return true }
            current = step.pointee.parent
        }
        return false
    }

    private static func classify(_ error: (code: Int32, message: String, line: Int, column: Int)) -> XMLError {
        if error.message.hasPrefix("Excessive depth") {
            return .tooDeep(line: error.line, column: error.column)
        }
        if error.code == Int32(XML_ERR_INVALID_ENCODING.rawValue) || error.message.contains("not proper UTF-8") {
            return .invalidEncoding(line: error.line, column: error.column)
        }
        return .malformed(message: error.message, line: error.line, column: error.column)
    }

    /// Drops a UTF-8 byte-order mark and any XML whitespace before the first markup.
    static func skippingLeadingWhitespace(_ buffer: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            start = 3
        }
        while start < buffer.count, buffer[start].isXMLWhitespace {
            start += 1
        }
        return UnsafeRawBufferPointer(rebasing: buffer[start...])
    }
}

extension UInt8 {
    /// XML's four whitespace characters.
    var isXMLWhitespace: Bool {
        self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
    }
}
