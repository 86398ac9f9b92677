import Testing

@testable import BookTag

/// A bleed as readers type it, with the units the paper takes (`--bleed 3mm` was refused while
/// `--print 50x70cm` took its unit).
@Suite struct PrintOptionsTests {
    @Test(arguments: [
        ("3", 3.0), ("3mm", 3.0), ("3 mm", 3.0), ("3.5MM", 3.5), ("0.3cm", 3.0), ("0.125in", 3.175), (" 0 ", 0.0),
    ])
    func bleedsTakeUnits(_ text: String, _ millimetres: Double) throws {
        let parsed = try #require(PrintOptions.bleedMillimetres(parsing: text), "\(text)")
        #expect(abs(parsed - millimetres) < 0.0001, "\(text): \(parsed)")
    }

    @Test(arguments: ["", "mm", "three", "3 furlongs", "3mm3", "1e3", "0x10", "3,5mm"])
    func otherTextIsNoBleed(_ text: String) {
        #expect(PrintOptions.bleedMillimetres(parsing: text) == nil, "\(text)")
    }
}
