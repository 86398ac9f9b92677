import Foundation

/// A whole file's bytes. Foundation's `Data(contentsOf:)` on Linux leaks its 4 KiB read buffer
/// when the file is empty (found by `scripts/fuzz`, Fuzz/Regressions/options): booktag reads
/// files through a handle instead, since readers hand it empty files.
public enum FileBytes {
    /// The bytes of `file`; throws as opening or reading it fails.
    public static func read(_ file: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }

    /// The first `count` bytes of `file` (all of a shorter one).
    public static func read(_ file: URL, upTo count: Int) throws -> Data {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return try handle.read(upToCount: count) ?? Data()
    }
}
