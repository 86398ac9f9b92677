import Crypto
import Foundation

/// SHA-256 names: content addresses for cover file names and short, stable suffixes for collage
/// names. swift-crypto's (BoringSSL's, with the CPU's SHA instructions where it has them, and
/// linked in: naming a file never waits on a shared library); an import hashes hundreds of
/// megabytes of covers, so the hash's speed is the import's.
enum SHA256Digest {
    /// The digest's first `prefix` bytes as lowercase hexadecimal.
    static func hex(of data: Data, prefix: Int = 32) -> String {
        hex(SHA256.hash(data: data), prefix: prefix)
    }

    /// The same of a string's UTF-8, without copying it into a `Data` first. Through the
    /// hasher's buffer call rather than the generic `hash(data:)`, which walks a collection's
    /// regions to reach the same bytes (`list` hashes up to 1,000 keys).
    static func hex(ofUTF8 text: String, prefix: Int = 32) -> String {
        var text = text
        var hasher = SHA256()
        text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return hex(hasher.finalize(), prefix: prefix)
    }

    /// A digest as lowercase hexadecimal, its first `prefix` bytes.
    static func hex(_ digest: SHA256.Digest, prefix: Int = 32) -> String {
        digest.withUnsafeBytes { bytes in
            let count = min(prefix, bytes.count)
            return String(unsafeUninitializedCapacity: count * 2) { text in
                let digits: StaticString = "0123456789abcdef"
                for index in 0..<count {
                    text[2 * index] = digits.utf8Start[Int(bytes[index] >> 4)]
                    text[2 * index + 1] = digits.utf8Start[Int(bytes[index] & 0x0F)]
                }
                return count * 2
            }
        }
    }
}
