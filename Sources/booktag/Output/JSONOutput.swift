import BookTag
import Foundation

/// `--json`: one JSON document on stdout.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        FileHandle.standardOutput.write(try JSONReport.encode(value) + Data("\n".utf8))
    }
}
