import BookTag
import Foundation

/// A piece of JSON already encoded the way `--json` encodes (ISO 8601 dates, sorted keys), so a
/// job's result can be kept once and sent many times, inside other documents.
struct JSONFragment: Sendable, Equatable {
    let json: String

    init(raw json: String) {
        self.json = json
    }

    init(_ value: some Encodable) {
        json = String(decoding: (try? JSONReport.encode(value, pretty: false)) ?? Data("null".utf8), as: UTF8.self)
    }

    var data: Data { Data(json.utf8) }
}
