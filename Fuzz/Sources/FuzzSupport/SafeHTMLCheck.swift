/// What `HTMLSanitizer.safeHTML` promises, checked on its output: every tag is one of the kept
/// elements, and the only attribute is an http(s) `href` (with booktag's own `rel`), so nothing
/// can run script. A broken promise stops the fuzzer with the input that broke it. The output
/// is read byte by byte, as a browser tokenises it (a `>` followed by a combining mark is still a
/// `>`, though Swift's `Character` would join the two).
public enum SafeHTMLCheck {
    static let plainTags: Set<String> = ["p", "/p", "br", "b", "/b", "i", "/i", "em", "/em", "strong", "/strong", "/a"]

    public static func check(_ html: String) {
        let bytes = Array(html.utf8)
        var position = 0
        while let open = bytes[position...].firstIndex(of: UInt8(ascii: "<")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else {
                fatalError("safe HTML with an unclosed tag: \(html.debugDescription)")
            }
            let tag = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
            if !plainTags.contains(tag) {
                let prefix = "a href=\""
                let suffix = "\" rel=\"nofollow noopener noreferrer\""
                guard tag.hasPrefix(prefix), tag.hasSuffix(suffix),
                    tag.utf8.count >= prefix.utf8.count + suffix.utf8.count
                else {
                    fatalError("safe HTML with the tag <\(tag)>: \(html.debugDescription)")
                }
                let href = String(
                    decoding: tag.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count), as: UTF8.self)
                let lowered = href.lowercased()
                guard !href.utf8.contains(UInt8(ascii: "\"")),
                    lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
                else {
                    fatalError("safe HTML with the link \(href.debugDescription): \(html.debugDescription)")
                }
            }
            position = close + 1
        }
    }
}
