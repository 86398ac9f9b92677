import CLibCrypto
import Foundation

/// SHA-256 through the system's libcrypto (opened on first use, see CLibCrypto.h): content
/// addresses for cover file names and short, stable suffixes for collage names.
enum SHA256Digest {
    /// The 32-byte digest of `data`.
    static func bytes(of data: Data) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = data.withUnsafeBytes { raw in booktag_sha256(raw.baseAddress, raw.count, &digest) }
        // libssl3 is part of every Debian system and a dependency of the package; without it
        // booktag cannot name a file, and there is no way on.
        precondition(status == 0, String(cString: booktag_crypto_error()))
        return digest
    }

    /// The digest as lower-case hexadecimal, `prefix` bytes of it (all 32 by default).
    static func hex(of data: Data, prefix: Int = 32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes(of: data).prefix(prefix).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
