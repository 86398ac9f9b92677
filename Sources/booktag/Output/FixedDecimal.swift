import CBookTagSystem

/// A number with a fixed count of decimals, exactly as printf's `%.Nf` writes it with a point
/// (ratings: "4.12"). Through a C call that takes the number as it is, not `String(format:)`:
/// Swift's variadic bridge finds its conformances at run time on first use, a scan of every
/// conformance record in the binary, which `show` paid to print one rating.
enum FixedDecimal {
    static func text(_ value: Double, places: Int) -> String {
        // `%f` of the largest double is 309 digits before the point.
        let capacity = 330 + max(0, places)
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let written = booktag_format_fixed(buffer.baseAddress, UInt(capacity), value, Int32(max(0, places)))
            return String(
                decoding: UnsafeRawBufferPointer(
                    start: buffer.baseAddress, count: Int(max(0, min(written, Int32(capacity - 1))))),
                as: UTF8.self)
        }
    }
}
