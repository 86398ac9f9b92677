import Foundation

/// How a collage is drawn: from `collage`'s options, or from config.json and night mode for
/// `add`, `reroll` and `import`.
public struct CollageOptions: Sendable, Equatable {
    public var format: CollageFormat
    /// Covers per row; `nil`: 4 with natural cells, chosen to make covers largest with a size.
    public var columns: Int?
    public var nightMode: Bool
    public var size: CollageSize?
    public var fit: CollageFit
    public var layout: CollageLayout
    public var labels: [CollageLabel]
    public var title: CollageTitle
    /// Instead of the day or night background; text takes the theme that reads on it.
    public var background: CollageColor?
    /// The tag's numbers and two charts (books per month, stars given) under the covers.
    public var stats: Bool

    public init(
        format: CollageFormat = .png, columns: Int? = nil, nightMode: Bool = false, size: CollageSize? = nil, fit: CollageFit = .contain,
        layout: CollageLayout = .grid, labels: [CollageLabel] = [], title: CollageTitle = .tagName, background: CollageColor? = nil,
        stats: Bool = false
    ) {
        self.format = format
        self.columns = columns
        self.nightMode = nightMode
        self.size = size
        self.fit = fit
        self.layout = layout
        self.labels = labels
        self.title = title
        self.background = background
        self.stats = stats
    }

    /// The same options for another format (a tag's other collages are drawn alike).
    public func with(format: CollageFormat) -> CollageOptions {
        var options = self
        options.format = format
        return options
    }

    /// The theme: night or day, or the one whose text reads on the chosen background.
    public var theme: CollageTheme {
        guard let background else { return .forNightMode(nightMode) }
        var theme = CollageTheme.forNightMode(background.rgb.luminance < 0.45)
        theme.background = background.rgb
        return theme
    }

    /// What the options are, as `list` and JSON output report them.
    public var style: CollageStyle {
        var style = CollageStyle(
            format: format, size: size?.presetName ?? size?.description, columns: columns, fit: fit, layout: layout, labels: labels,
            title: title.shown, background: background?.description)
        style.titleShown = title != .hidden
        style.stats = stats ? true : nil
        return style
    }

    /// The options a stored style describes, in night mode or not.
    /// The options a tag's collage is drawn again with: its recorded style when it has one
    /// (night mode as now), else these.
    public func following(_ recorded: CollageStyle?) -> CollageOptions {
        recorded.map { CollageOptions(style: $0, nightMode: nightMode) } ?? self
    }

    public init(style: CollageStyle, nightMode: Bool) {
        self.init(
            format: style.format, columns: style.columns, nightMode: nightMode, size: style.size.flatMap { try? CollageSize(parsing: $0) },
            fit: style.fit, layout: style.layout, labels: style.labels, title: style.title.map(CollageTitle.text) ?? .hidden,
            background: style.background.flatMap { try? CollageColor(parsing: $0) }, stats: style.stats == true)
        if style.titleIsTagName { title = .tagName }
    }
}

/// The caption over the covers.
public enum CollageTitle: Sendable, Equatable {
    case tagName
    case text(String)
    case hidden

    /// A reader's title: 1 to 200 characters, no control characters.
    public static func custom(_ text: String) throws(CollageOptionError) -> CollageTitle {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard (1...200).contains(trimmed.count), !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .badTitle
        }
        return .text(trimmed)
    }

    /// The text shown for a tag, `nil` when hidden.
    public func text(forTag name: String) -> String? {
        switch self {
        case .tagName: name
        case let .text(text): text
        case .hidden: nil
        }
    }

    var shown: String? {
        switch self {
        case .tagName: nil
        case let .text(text): text
        case .hidden: nil
        }
    }
}

/// What a collage was drawn with, as `list`, `--json` and the store keep it.
public struct CollageStyle: Codable, Equatable, Sendable {
    public var format: CollageFormat
    /// A preset's name or `WIDTHxHEIGHT`; `nil`: natural cells.
    public var size: String?
    /// As asked; `nil`: chosen.
    public var columns: Int?
    public var fit: CollageFit
    public var layout: CollageLayout
    public var labels: [CollageLabel]
    /// A title other than the tag's name.
    public var title: String?
    /// `false` with `--no-title`.
    public var titleShown: Bool
    public var background: String?
    /// `true` with `--stats`; absent otherwise (styles recorded before it read alike).
    public var stats: Bool?

    init(format: CollageFormat, size: String?, columns: Int?, fit: CollageFit, layout: CollageLayout, labels: [CollageLabel], title: String?, background: String?) {
        self.format = format
        self.size = size
        self.columns = columns
        self.fit = fit
        self.layout = layout
        self.labels = labels
        self.title = title
        self.titleShown = true
        self.background = background
    }

    var titleIsTagName: Bool { titleShown && title == nil }

    /// For people, beside the file (which shows the format): "4k, rows, labels title+year".
    public var summary: String {
        var parts = [size ?? "200x300 cells"]
        if layout != .grid { parts.append(layout.rawValue) }
        if fit != .contain { parts.append("fit \(fit.rawValue)") }
        if let columns { parts.append("\(columns) columns") }
        if !labels.isEmpty { parts.append("labels " + labels.map(\.rawValue).joined(separator: "+")) }
        if !titleShown { parts.append("no title") } else if title != nil { parts.append("own title") }
        if let background { parts.append(background) }
        if stats == true { parts.append("stats") }
        return parts.joined(separator: ", ")
    }
}

extension CollageTheme.RGB {
    /// Relative luminance (sRGB, 0 black to 1 white), to pick text that reads on a colour.
    var luminance: Double {
        func linear(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}

extension CollageStyle {
    /// The store's encoding: sorted keys, so equal styles are equal text.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}
