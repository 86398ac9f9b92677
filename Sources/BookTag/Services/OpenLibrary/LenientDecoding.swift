extension KeyedDecodingContainer {
    /// The value when it is there and of the expected type; `nil` when it is missing, null or of
    /// another type. Open Library's records are edited by hand and vary: an odd optional field
    /// must cost that field, not the book.
    func lenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}

/// An element of a list that is kept when it decodes and dropped (and counted) when it does not.
struct Lenient<Wrapped: Decodable>: Decodable {
    var value: Wrapped?

    init(from decoder: any Decoder) {
        value = try? Wrapped(from: decoder)
    }
}
