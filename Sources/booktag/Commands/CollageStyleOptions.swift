import ArgumentParser
import BookTag
import Foundation

/// The options that say how a collage looks, shared by `collage` and `collage --all`; each one
/// left out comes from config.json (`collage.*`).
struct CollageStyleOptions: ParsableArguments {
    init() {}

    @Option(help: "png, jpeg or html (default: collage.format, png).")
    var format: CollageFormat?

    @Option(
        help: ArgumentHelp(
            "The image's exact size: WIDTHxHEIGHT or wallpaper (1920x1080), 4k (3840x2160), phone (1170x2532), square (1080x1080), a4 (2480x3508), story (1080x1920) (default: collage.size; none: 200×300 cells).",
            valueName: "size"))
    var size: String?

    @Option(help: "Covers per row, 1–50 (default: collage.columns; 4, or chosen to fit --size).")
    var columns: Int?

    @Option(
        help:
            "contain: each whole cover inside its cell; cover: cells filled, covers cropped about their centre (default: collage.fit, contain)."
    )
    var fit: CollageFit?

    @Option(
        help:
            "grid: equal cells; rows: justified rows of whole covers spanning the width (default: collage.layout, grid)."
    )
    var layout: CollageLayout?

    @Option(
        help: ArgumentHelp(
            "Text under each cover: any of title, author, year, rating, or none (default: collage.labels).",
            valueName: "list"))
    var labels: String?

    @Option(help: ArgumentHelp("The caption (default: collage.title, else the tag's name).", valueName: "text"))
    var title: String?

    @Flag(help: "No caption.")
    var noTitle = false

    @Option(
        help: ArgumentHelp(
            "The background: #rrggbb, #rgb or a CSS colour name (default: collage.background, else by day or night).",
            valueName: "color"))
    var background: String?

    @Flag(
        help:
            "The tag's numbers and two charts (books per month, stars given) under the covers (default: collage.stats)."
    )
    var stats = false

    /// The options as the library's request, whose rules they follow.
    var request: CollageRequest {
        var request = CollageRequest()
        request.format = format
        request.size = size
        request.columns = columns
        request.fit = fit
        request.layout = layout
        request.labels = labels
        request.title = title
        request.noTitle = noTitle
        request.background = background
        request.stats = stats
        return request
    }

    package func validate() throws {
        do { try request.validate() } catch { throw ValidationError(error.commandLineMessage) }
    }

    /// These options over the configured ones.
    func resolve(_ configuration: BookTagConfiguration, nightMode: Bool) throws -> CollageOptions {
        try request.resolve(configuration, nightMode: nightMode)
    }
}

extension CollageFormat: ExpressibleByArgument {}
extension CollageFit: ExpressibleByArgument {}
extension CollageLayout: ExpressibleByArgument {}
