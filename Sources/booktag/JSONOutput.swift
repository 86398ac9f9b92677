import Foundation

/// `--json`: one JSON document on stdout.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        FileHandle.standardOutput.write(try encode(value) + Data("\n".utf8))
    }

    /// The same document, pretty for people or compact for `serve`'s API.
    static func encode(_ value: some Encodable, pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(value)
    }
}
