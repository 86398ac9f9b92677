import Foundation

/// "2026-11-21 06:22:36" in the local time zone, through localtime_r: ICU's date formatter costs
/// about 10 µs a call, which a list of a thousand tags would feel. The digits are written
/// straight into the string's storage rather than joined from six smaller strings.
enum LocalTimestamp {
    static func string(from date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "—" }
        let year = parts.tm_year + 1900
        guard (1000...9999).contains(year) else {
            func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
            return
                "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
        }
        return String(unsafeUninitializedCapacity: 19) { bytes in
            func put(_ value: Int32, digits: Int, at end: Int, then separator: Unicode.Scalar?) {
                var value = value
                for position in (end - digits..<end).reversed() {
                    bytes[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                }
                if let separator { bytes[end] = UInt8(ascii: separator) }
            }
            put(year, digits: 4, at: 4, then: "-")
            put(parts.tm_mon + 1, digits: 2, at: 7, then: "-")
            put(parts.tm_mday, digits: 2, at: 10, then: " ")
            put(parts.tm_hour, digits: 2, at: 13, then: ":")
            put(parts.tm_min, digits: 2, at: 16, then: ":")
            put(parts.tm_sec, digits: 2, at: 19, then: nil)
            return 19
        }
    }
}
