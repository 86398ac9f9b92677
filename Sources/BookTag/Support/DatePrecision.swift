import Foundation

extension Date {
    /// Milliseconds since 1970: how the store keeps dates. An integer keeps round-trips exact
    /// and reading cheap (no date-string parsing per row).
    var storeMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    init(storeMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(storeMilliseconds) / 1000)
    }

    /// The date exactly as the store will read it back, so that a value returned by a save
    /// equals the one a later read returns.
    var roundedToStorePrecision: Date {
        Date(storeMilliseconds: storeMilliseconds)
    }
}
