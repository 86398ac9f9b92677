import ArgumentParser
import BookTag

/// `collage --print`'s options: the paper, which way up, the bleed, and whether to fetch.
struct PrintArguments: ParsableArguments {
    @Option(
        name: .customLong("print"),
        help: ArgumentHelp(
            "Make a PDF for a print shop on this paper: a4, a3, a2, a1, 50x70cm, 60x90cm, 18x24in or 24x36in"
                + " (with --format png or jpeg: the same page at 300 ppi).",
            valueName: "paper"))
    var paper: String?

    @Flag(help: "With --print: the paper turned a quarter, wider than tall.")
    var landscape = false

    @Option(
        help: ArgumentHelp(
            "With --print: background past each edge: 3, 3mm, 0.3cm or 0.125in (default 3 mm).", valueName: "length"))
    var bleed: String?

    @Flag(
        help: "With --print: use the covers booktag holds, without asking Open Library for its originals first.")
    var offline = false

    /// The options asked for; `nil` without `--print`.
    func resolve() throws -> PrintOptions? {
        guard let paper else {
            if landscape || bleed != nil || offline {
                throw ValidationError("--landscape, --bleed and --offline go with --print PAPER")
            }
            return nil
        }
        guard let chosen = PrintPaper(named: paper) else { throw PrintError.unknownPaper(paper) }
        var millimetres = PrintOptions.defaultBleedMillimetres
        if let bleed {
            guard let parsed = PrintOptions.bleedMillimetres(parsing: bleed) else {
                throw ValidationError(
                    "--bleed takes a length such as 3, 3mm, 0.3cm or 0.125in, not \"\(bleed.prefix(20))\"")
            }
            millimetres = parsed
        }
        return try PrintOptions(paper: chosen, landscape: landscape, bleedMillimetres: millimetres)
    }
}
