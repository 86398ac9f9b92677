import Foundation

/// What a print reports, the same wherever it was made (the command line's JSON, serve's print
/// job): its file, its paper, how sharp its covers will print, and what asking for the covers'
/// originals brought.
public struct PrintSummary: Codable, Sendable, Equatable {
    /// The tag's name as the reader wrote it.
    public var tag: String
    /// The file written: a path, or a name the caller serves it under.
    public var file: String
    /// The paper's name (`a2`, `60x90cm`).
    public var paper: String
    /// Whether the paper is turned on its side.
    public var landscape: Bool
    /// The background past the trim, in millimetres.
    public var bleed: Double
    /// The softest cover's pixels per inch (none without covers).
    public var lowestPPI: Int?
    /// The middle cover's pixels per inch.
    public var medianPPI: Int?
    /// Covers that will print visibly soft.
    public var softCovers: Int
    /// Covers whose original was asked for before this print (0 when none was asked).
    public var originalsAsked: Int
    /// Of those, covers now kept larger.
    public var originalsKept: Int

    /// The summary of `result`, written to `file`, after `originals`.
    public init(tag: String, file: String, result: PrintResult, originals: FetchLargestCovers.Outcome) {
        self.tag = tag
        self.file = file
        paper = result.options.paper.name
        landscape = result.options.landscape
        bleed = result.options.bleedMillimetres
        lowestPPI = result.sharpness.lowest
        medianPPI = result.sharpness.median
        softCovers = result.sharpness.soft
        originalsAsked = originals.asked
        originalsKept = originals.kept
    }
}
