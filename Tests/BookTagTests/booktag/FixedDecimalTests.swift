import Foundation
import Testing

@testable import booktag

/// Ratings print as printf's `%.2f` always has: the same digits and the same rounding of halves
/// that binary fractions cannot hold exactly.
@Suite struct FixedDecimalTests {
    @Test func theSameTextAsStringFormat() {
        var generator = SystemRandomNumberGenerator()
        let edges: [Double] = [
            0, -0.0, 1, 4.12, 3.845, 2.675, 1.005, 0.125, 0.375, 4.995, 4.999_999, 5, -1.5, 1e-9, 12_345.678,
            Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, .infinity, -.infinity,
        ]
        let random = (0..<2_000).map { _ in Double.random(in: 0...5, using: &generator) }
        for value in edges + random {
            for places in [0, 1, 2, 6] {
                #expect(FixedDecimal.text(value, places: places) == String(format: "%.\(places)f", value), "\(value)")
            }
        }
    }

    @Test func notANumberIsWrittenAsPrintfWritesIt() {
        #expect(FixedDecimal.text(.nan, places: 2) == String(format: "%.2f", Double.nan))
    }
}
