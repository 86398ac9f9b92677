import BookTagTestSupport
import Foundation
import Testing

@testable import BookTag

/// The file a collage's PNG streams into: nameless until linked, so nothing is left if the
/// process dies mid-way, and never written over an existing name.
@Suite struct UnnamedFileTests {
    @Test func itHasNoNameUntilLinkedAndThenHoldsEveryByteUserOnly() throws {
        let temporary = try TemporaryHome()
        let folder = temporary.folder
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let file = try #require(UnnamedFile(in: folder), "ext4 and tmpfs make unnamed files")
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.withUnsafeBytes { try file.write($0) }
        try bytes.prefix(10).withUnsafeBytes { try file.write($0) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path) == before, "nothing named while written")
        #expect(try CollageBytes.file(file).data == bytes + bytes.prefix(10))

        let named = folder.appendingPathComponent("collage.png")
        try file.link(as: named)
        #expect(try Data(contentsOf: named) == bytes + bytes.prefix(10))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: named.path)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0, "user-only: \(String(mode, radix: 8))")
        #expect(throws: (any Error).self, "an existing name is never written over") { try file.link(as: named) }
    }

    @Test func aFolderThatIsNotThereGivesNoFile() throws {
        let temporary = try TemporaryHome()
        #expect(UnnamedFile(in: temporary.folder.appendingPathComponent("missing")) == nil)
    }
}
