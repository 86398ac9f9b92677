import CLibCrypto
import Foundation

/// SHA-256 through the system's libcrypto: content addresses for cover files and short, stable
/// suffixes for collage names.
enum SHA256Digest {
    /// The 32-byte digest of `data`.
    static func bytes(of data: Data) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let succeeded = data.withUnsafeBytes { raw in
            EVP_Digest(raw.baseAddress, raw.count, &digest, &length, EVP_sha256(), nil)
        }
        // EVP_Digest fails only when libcrypto cannot allocate; there is no way on from there.
        precondition(succeeded == 1 && length == 32, "libcrypto could not compute a SHA-256 digest")
        return digest
    }

    /// The digest as lower-case hexadecimal, `prefix` bytes of it (all 32 by default).
    static func hex(of data: Data, prefix: Int = 32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes(of: data).prefix(prefix).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
