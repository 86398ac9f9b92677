import Crypto
import Foundation

/// KOReader's name for a book's file (`book.md5` in its statistics, its `util.partialMD5`): one
/// MD5 over 1 KiB read at offset 0 and at 1 KiB × 4ⁿ up to 1 GiB, stopping at the first offset
/// past the end, so a statistics row finds its file without the whole file being read.
enum KOReaderPartialMD5 {
    /// 0, 1 Ki, 4 Ki, 16 Ki … 1 Gi. KOReader's first offset is `lshift(1024, -2)`, which its bit
    /// library masks to a shift that overflows to 0 (not 256, as some ports have it).
    static let offsets: [UInt64] = [0] + (0...10).map { UInt64(1024) << (2 * $0) }
    static let sampleBytes = 1024

    /// The digest of `file`, as KOReader writes it: 32 lowercase hex digits.
    static func digest(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var md5 = Insecure.MD5()
        for offset in offsets {
            try handle.seek(toOffset: offset)
            guard let sample = try handle.read(upToCount: sampleBytes), !sample.isEmpty else { break }
            md5.update(data: sample)
        }
        return md5.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
