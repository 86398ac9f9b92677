import Crypto
import Foundation

/// SHA-256 names: content addresses for cover file names and short, stable suffixes for collage
/// names. swift-crypto's (BoringSSL's, with the CPU's SHA instructions where it has them, and
/// linked in: naming a file never waits on a shared library); an import hashes hundreds of
/// megabytes of covers, so the hash's speed is the import's.
enum SHA256Digest {
    /// The digest's first `prefix` bytes as lowercase hexadecimal.
    static func hex(of data: Data, prefix: Int = 32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(prefix * 2)
        for byte in SHA256.hash(data: data).prefix(prefix) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
