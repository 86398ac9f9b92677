/// Text made safe for HTML.
extension String {
    /// The string made safe as HTML text or as a double-quoted attribute value.
    ///
    /// Works on the UTF-8 bytes: the five characters escaped are ASCII, which never occur inside
    /// another character's encoding, and pages of a thousand tags escape thousands of strings.
    public var htmlEscaped: String {
        let utf8 = self.utf8
        let found =
            utf8.withContiguousStorageIfAvailable { $0.contains(where: Self.needsEscaping) }
            ?? utf8.contains(where: Self.needsEscaping)
        guard found else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&#39;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
