import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// KOReader's partial MD5 against the same digest taken independently (Python's hashlib over the
/// samples KOReader's `util.partialMD5` reads): files under 1 KiB, and files ending just before,
/// at and just after every sample offset up to 16 MiB.
@Suite struct KOReaderPartialMD5Tests {
    static let python = """
        import hashlib, sys
        for path in sys.argv[1:]:
            digest, data = hashlib.md5(), open(path, "rb").read()
            for offset in [0] + [1024 << (2 * i) for i in range(11)]:
                sample = data[offset:offset + 1024]
                if not sample:
                    break
                digest.update(sample)
            print(digest.hexdigest())
        """

    @Test func everySizeAroundEveryOffsetMatchesAnIndependentDigest() async throws {
        let folder = try TemporaryHome()
        var sizes = [0, 1, 100, 1023, 1024, 1025, 2047, 2048]
        for offset in KOReaderPartialMD5.offsets.dropFirst() where offset <= 16 << 20 {
            let at = Int(offset)
            sizes += [at - 1, at, at + 1, at + 1023, at + 1024, at + 1025]
        }
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        let bytes = random.readData(ofLength: try #require(sizes.max()))
        try random.close()
        let files = try sizes.enumerated().map { index, size in
            let file = folder.folder.appendingPathComponent("book-\(index).epub")
            try bytes.prefix(size).write(to: file)
            return file
        }
        let run = try await ServeBrowserTests.python(["-c", Self.python] + files.map(\.path))
        #expect(run.status == 0, "\(run.output)")
        let expected = run.output.split(separator: "\n").map(String.init)
        #expect(expected.count == files.count)
        #expect(try files.map(KOReaderPartialMD5.digest(of:)) == expected)
        #expect(expected[0] == "d41d8cd98f00b204e9800998ecf8427e", "an empty file: the MD5 of nothing")
    }
}
