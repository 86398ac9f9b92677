import BookTag
import Foundation
import Testing

@testable import booktag

/// `--json` writes dates without a formatter: they must read exactly as Foundation's ISO 8601.
@Suite struct JSONOutputTests {
    @Test func datesAreWrittenAsFoundationsISO8601() throws {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        let edges: [TimeInterval] = [
            0,
            951_782_400,  // 2000-02-29
            1_735_689_599,  // 2024-12-31T23:59:59
            1_735_689_600,
            253_402_300_799,  // 9999-12-31
        ]
        let random = (0..<500).map { _ in
            TimeInterval(Double(generator.next() % 4_102_444_800) + Double(generator.next() % 1000) / 1000)
        }
        for seconds in edges + random {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(JSONReport.iso8601(date) == formatter.string(from: date), "\(seconds)")
        }
        let encoded = try JSONReport.encode(["at": Date(timeIntervalSince1970: 1_795_512_145)], pretty: false)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"at":"2026-11-24T09:22:25Z"}"#)
    }
}
