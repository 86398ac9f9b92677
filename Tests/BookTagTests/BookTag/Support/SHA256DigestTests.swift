import Foundation
import Testing

@testable import BookTag

/// Cover files are named by their SHA-256, swift-crypto's, linked in: the
/// standard's own examples, every padding boundary, and real covers checked against coreutils.
@Suite("SHA-256")
struct SHA256DigestTests {
    @Test func theStandardsExamples() {
        #expect(SHA256Digest.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        #expect(
            SHA256Digest.hex(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256Digest.hex(of: Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256Digest.hex(of: Data("abc".utf8), prefix: 4) == "ba7816bf")
    }

    /// Lengths around the 55/56/64-byte padding boundaries and real covers, against `sha256sum`.
    @Test func agreesWithCoreutils() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        var files: [(URL, Data)] = []
        for length in [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let file = folder.appendingPathComponent("random-\(length)")
            try data.write(to: file)
            files.append((file, data))
        }
        let covers = Fixtures.covers
        for name in try FileManager.default.contentsOfDirectory(atPath: covers.path).sorted().prefix(4) {
            let file = covers.appendingPathComponent(name)
            files.append((file, try Data(contentsOf: file)))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = files.map(\.0.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: BooktagProcess.readToEnd(pipe), as: UTF8.self)
        process.waitUntilExit()
        let expected = output.split(separator: "\n").map { String($0.prefix(64)) }
        #expect(expected.count == files.count)
        #expect(files.map { SHA256Digest.hex(of: $0.1) } == expected)
    }
}
