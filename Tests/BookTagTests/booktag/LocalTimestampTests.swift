import Foundation
import Testing

@testable import booktag

/// `list`'s FETCHED column: the digits written in place read as the joined pieces they replaced.
@Suite struct LocalTimestampTests {
    /// The earlier way, kept as the reference.
    static func joined(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "—" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        return
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    @Test func readsAsBefore() {
        var generator = SystemRandomNumberGenerator()
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1),
            Date(timeIntervalSince1970: 1_795_000_000.75),
            Date(timeIntervalSince1970: -62_000_000_000), Date(timeIntervalSince1970: 253_402_300_799),
            Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -30_000_000_000),
        ]
        dates += (0..<2_000).map { _ in
            Date(timeIntervalSince1970: .random(in: -70_000_000_000...300_000_000_000, using: &generator))
        }
        for date in dates {
            #expect(LocalTimestamp.string(from: date) == Self.joined(date), "\(date.timeIntervalSince1970)")
        }
        #expect(LocalTimestamp.string(from: Date(timeIntervalSince1970: 0)).utf8.count == 19)
    }
}
