/// Checks a JSON export's nesting and string lengths before `JSONDecoder` builds anything from
/// it, so a document of arrays inside arrays, or one string of the whole file, is refused by
/// booktag's limits rather than by however far the decoder's recursion gets.
enum JSONShape {
    /// What `data` has beyond `ExportLimits`, or `nil`. Only strings and brackets are followed;
    /// whether the rest is well-formed JSON is the decoder's to say.
    static func excess(in data: some Collection<UInt8>) -> String? {
        var depth = 0
        var inString = false
        var escaped = false
        var stringBytes = 0
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    continue
                }
                stringBytes += 1
                if stringBytes > ExportLimits.fieldBytes {
                    return "a string of more than \(ExportLimits.describe(bytes: ExportLimits.fieldBytes))"
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringBytes = 0
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > ExportLimits.nesting {
                    return "arrays or objects nested more than \(ExportLimits.nesting) deep"
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
        }
        return nil
    }
}
