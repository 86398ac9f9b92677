/// A link to another Open Library record: `{"key": "/authors/OL23919A"}`.
struct OpenLibraryReference: Decodable, Equatable, Sendable {
    var key: String

    /// The last path part of the key (`OL23919A`), when it is a plain Open Library id.
    var id: String? {
        guard let last = key.split(separator: "/").last, last.hasPrefix("OL"), last.count <= 16,
            last.dropFirst(2).allSatisfy({ $0.isASCII && ($0.isNumber || $0.isUppercase) })
        else { return nil }
        return String(last)
    }
}
