import Foundation

/// File names for collages, made from tags of any kind: `fantasy` → `fantasy`; anything the
/// name cannot keep as it is (`../x`, `a/b`, spaces) gets a short hash of the tag's key, so two
/// tags never share a file and no tag can name a path outside `collages/`.
enum CollageName {
    /// File names stay well under the usual 255-byte limit, whatever the script.
    static let maximumBytes = 120

    static func baseName(for tag: TagName) -> String {
        baseName(forKey: tag.key)
    }

    /// The same, from a stored tag's key (already normalised), without normalising it again.
    static func baseName(forKey key: String) -> String {
        let (slug, hashed) = slug(forKey: key)
        return hashed ? baseName(slug: slug, key: key) : slug
    }

    /// The hashed name of `key`, whose slug is known.
    static func baseName(slug: String, key: String) -> String {
        slug + "-" + SHA256Digest.hex(ofUTF8: key, prefix: 4)
    }

    /// The part of the base name before its hash (`tag` when nothing of the key can be kept),
    /// and whether a hash follows: a listing of many tags hashes only the keys whose files may
    /// be there.
    static func slug(forKey key: String) -> (slug: String, hashed: Bool) {
        var slug = ""
        var lastWasHyphen = false
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII keys (most tags) byte by byte into the string's own storage, without Unicode
            // property lookups or an array between: `list` names a thousand of them.
            slug = String(unsafeUninitializedCapacity: min(key.utf8.count, maximumBytes)) { bytes in
                var count = 0
                for byte in key.utf8 where count < bytes.count {
                    let isAlphanumeric =
                        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    if isAlphanumeric {
                        bytes[count] = byte
                        count += 1
                        lastWasHyphen = false
                    } else if !lastWasHyphen, count > 0 {
                        bytes[count] = 0x2D
                        count += 1
                        lastWasHyphen = true
                    }
                }
                while count > 0, bytes[count - 1] == 0x2D { count -= 1 }
                return count
            }
        } else {
            for character in key where slug.utf8.count < maximumBytes {
                if character.isLetter || character.isNumber {
                    slug.append(character)
                    lastWasHyphen = false
                } else if !lastWasHyphen, !slug.isEmpty {
                    slug.append("-")
                    lastWasHyphen = true
                }
            }
        }
        while slug.utf8.count > maximumBytes { slug.removeLast() }
        while slug.hasSuffix("-") { slug.removeLast() }
        // `index` is the gallery's name (collages/index.html): that tag gets a hash like others.
        if slug == key, slug != CollageGallery.baseName { return (slug, false) }
        return (slug.isEmpty ? "tag" : slug, true)
    }
}
