/// How a collage should look, as `collage`'s options and serve's download query ask for it; each
/// part left out comes from config.json (`collage.*`). The rules are here once.
public struct CollageRequest: Sendable, Equatable {
    /// png, jpeg or html.
    public var format: CollageFormat?
    /// `WIDTHxHEIGHT` or a preset name.
    public var size: String?
    /// Covers per row.
    public var columns: Int?
    /// Whole covers, or cells filled.
    public var fit: CollageFit?
    /// Equal cells, or justified rows.
    public var layout: CollageLayout?
    /// Text under each cover: a comma-separated list, or `none`.
    public var labels: String?
    /// The caption.
    public var title: String?
    /// No caption.
    public var noTitle = false
    /// `#rrggbb`, `#rgb` or a CSS colour name.
    public var background: String?
    /// The tag's numbers and charts under the covers.
    public var stats = false
    /// The language of its words; nil: the configuration's.
    public var language: Language?

    /// Nothing asked: the configured look.
    public init() {}

    /// Every part that can be checked without the configuration.
    public func validate() throws(BookTagFailure) {
        if let columns, !BookTagConfiguration.collageColumnRange.contains(columns) {
            throw BookTagFailure(
                .usage, "columns must be between 1 and \(BookTagConfiguration.collageColumnRange.upperBound)")
        }
        if title != nil, noTitle { throw BookTagFailure(.usage, "a title and no title cannot go together") }
        do {
            _ = try size.map(CollageSize.init(parsing:))
            _ = try labels.map(CollageLabel.parseList)
            _ = try title.map(CollageTitle.custom)
            _ = try background.map(CollageColor.init(parsing:))
        } catch {
            throw BookTagFailure(.usage, error.localizedDescription)
        }
    }

    /// This request over the configured look, in night mode or not.
    public func resolve(_ configuration: BookTagConfiguration, nightMode: Bool) throws(BookTagFailure) -> CollageOptions
    {
        try validate()
        var options = configuration.collageOptions(nightMode: nightMode)
        do {
            if let format { options.format = format }
            if let size { options.size = try CollageSize(parsing: size) }
            if let columns { options.columns = columns }
            if let fit { options.fit = fit }
            if let layout { options.layout = layout }
            if let labels { options.labels = try CollageLabel.parseList(labels) }
            if let title { options.title = try CollageTitle.custom(title) }
            if noTitle { options.title = .hidden }
            if let background { options.background = try CollageColor(parsing: background) }
            if stats { options.stats = true }
            if let language { options.language = language }
        } catch {
            throw BookTagFailure(.usage, error.localizedDescription)
        }
        return options
    }
}
