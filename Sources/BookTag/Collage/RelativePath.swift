import Foundation

/// Relative references between files, for links in the HTML page.
enum RelativePath {
    /// The path from `folder` to `file`, percent-encoded for an `href`/`src`.
    static func from(folder: URL, to file: URL) -> String {
        let base = folder.standardizedFileURL.pathComponents
        let target = file.standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.map(encoded).joined(separator: "/")
    }

    /// One path component, percent-encoded for an `href`/`src`.
    static func encoded(_ component: String) -> String {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#:"))
        return component.addingPercentEncoding(withAllowedCharacters: allowed) ?? component
    }
}
