import Crypto
import Foundation

/// File names for collages, made from tags of any kind: `fantasy` → `fantasy`; anything the
/// name cannot keep as it is (`../x`, `a/b`, spaces) gets a short hash of the tag's key, so two
/// tags never share a file and no tag can name a path outside `collages/`.
public enum CollageName {
    /// File names stay well under the usual 255-byte limit, whatever the script.
    static let maximumBytes = 120

    public static func baseName(for tag: TagName) -> String {
        baseName(forKey: tag.key)
    }

    /// The same, from a stored tag's key (already normalised), without normalising it again.
    public static func baseName(forKey key: String) -> String {
        var slug = ""
        var lastWasHyphen = false
        for character in key where slug.utf8.count < maximumBytes {
            if character.isLetter || character.isNumber {
                slug.append(character)
                lastWasHyphen = false
            } else if !lastWasHyphen, !slug.isEmpty {
                slug.append("-")
                lastWasHyphen = true
            }
        }
        while slug.utf8.count > maximumBytes { slug.removeLast() }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug == key { return slug }
        let digest = SHA256.hash(data: Data(key.utf8)).prefix(4).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return slug.isEmpty ? "tag-\(digest)" : "\(slug)-\(digest)"
    }
}
