/// How a collage is printed: on which paper, which way up, with how much bleed. The page is
/// the paper plus the bleed on every side; nothing but background lies within
/// ``safeMarginMillimetres`` of the paper's edge, where a guillotine may stray.
public struct PrintOptions: Sendable, Equatable {
    /// The paper, portrait unless `landscape`.
    public var paper: PrintPaper
    /// The paper turned a quarter.
    public var landscape: Bool
    /// Background printed past each edge, cut off after printing.
    public var bleedMillimetres: Double

    /// The bleed print shops ask for unless they say otherwise.
    public static let defaultBleedMillimetres = 3.0
    /// The most bleed booktag accepts: shops ask for 2–5 mm; more is a typo.
    public static let maximumBleedMillimetres = 25.0
    /// Kept clear of text and covers inside the trim.
    public static let safeMarginMillimetres = 5.0
    /// Drawing units per inch: the raster's resolution and the PDF's coordinate grid.
    public static let unitsPerInch = 300.0
    /// Below this many pixels per inch a cover prints visibly soft.
    public static let sharpPixelsPerInch = 150

    /// A bleed as readers write it, in millimetres: `3`, `3mm`, `3.5 mm`, `0.3cm`, `0.125in` (as
    /// the paper takes units). Nil for anything else.
    public static func bleedMillimetres(parsing text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        for (unit, millimetres) in [("mm", 1.0), ("cm", 10.0), ("in", 25.4), ("", 1.0)] where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
                let value = Double(number)
            else { return nil }
            return value * millimetres
        }
        return nil
    }

    /// Fails with ``PrintError/badBleed(_:)`` unless `0 ≤ bleed ≤ maximumBleedMillimetres`.
    public init(paper: PrintPaper, landscape: Bool = false, bleedMillimetres: Double = defaultBleedMillimetres)
        throws(PrintError)
    {
        guard bleedMillimetres.isFinite, (0...Self.maximumBleedMillimetres).contains(bleedMillimetres) else {
            throw .badBleed(bleedMillimetres)
        }
        self.paper = paper
        self.landscape = landscape
        self.bleedMillimetres = bleedMillimetres
    }

    /// The paper's width and height in millimetres, turned when `landscape`.
    public var trimMillimetres: (width: Double, height: Double) {
        landscape
            ? (paper.heightMillimetres, paper.widthMillimetres) : (paper.widthMillimetres, paper.heightMillimetres)
    }

    /// Millimetres in drawing units.
    static func units(_ millimetres: Double) -> Double { millimetres / 25.4 * unitsPerInch }

    /// The whole page (paper and bleed) in whole drawing units.
    var pageUnits: (width: Int, height: Int) {
        let trim = trimMillimetres
        return (
            Int((Self.units(trim.width + 2 * bleedMillimetres)).rounded()),
            Int((Self.units(trim.height + 2 * bleedMillimetres)).rounded())
        )
    }

    /// Where covers and text may go, in drawing units from the page's top left: the paper less
    /// the safe margin.
    var contentUnits: CollagePlan.Rect {
        let inset = Int(Self.units(bleedMillimetres + Self.safeMarginMillimetres).rounded(.up))
        let page = pageUnits
        return CollagePlan.Rect(x: inset, y: inset, width: page.width - 2 * inset, height: page.height - 2 * inset)
    }

    /// A name for the file: `a2`, `a3-landscape`.
    public var fileSuffix: String { landscape ? "\(paper.name)-landscape" : paper.name }
}
