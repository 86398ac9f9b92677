import Foundation

/// How a collage is drawn: its ``CollageStyle`` and whether night mode is on. From
/// `collage`'s options, or from config.json and night mode for `add`, `reroll` and `import`.
///
/// The style's properties read and write through the options (`options.size`,
/// `options.labels`): the style is their one definition.
@dynamicMemberLookup
public struct CollageOptions: Sendable, Equatable {
    /// Everything but night mode, as the store records it for the tag's next drawing.
    public var style: CollageStyle
    /// Night mode's dark theme, unless the style names a background.
    public var nightMode: Bool
    /// libjpeg's quality for a JPEG, 1–100 (`collage.quality`): how the file is encoded, not how
    /// the collage looks, so the store does not record it with the style.
    public var jpegQuality = CollageOptions.defaultJPEGQuality
    /// The language of its words (the numbers, the charts, the credit): per drawing, not recorded
    /// with the style, so each reader's copy is in their own.
    public var language = Language.english

    /// The quality booktag writes JPEGs at unless `collage.quality` says otherwise.
    public static let defaultJPEGQuality = 88

    /// A style's property, read or changed through the options.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<CollageStyle, Value>) -> Value {
        get { style[keyPath: keyPath] }
        set { style[keyPath: keyPath] = newValue }
    }

    /// The options a stored style describes, in night mode or not.
    public init(style: CollageStyle, nightMode: Bool) {
        self.style = style
        self.nightMode = nightMode
    }

    /// Each argument as ``CollageStyle``'s property of the same name describes it.
    public init(
        format: CollageFormat = .png, columns: Int? = nil, nightMode: Bool = false, size: CollageSize? = nil,
        fit: CollageFit = .contain,
        layout: CollageLayout = .grid, labels: [CollageLabel] = [], title: CollageTitle = .tagName,
        background: CollageColor? = nil,
        stats: Bool = false
    ) {
        self.init(
            style: CollageStyle(
                format: format, columns: columns, size: size, fit: fit, layout: layout, labels: labels, title: title,
                background: background,
                stats: stats),
            nightMode: nightMode)
    }

    /// The same options for another format (a tag's other collages are drawn alike).
    public func with(format: CollageFormat) -> CollageOptions {
        var options = self
        options.format = format
        return options
    }

    /// The theme: night or day, or the one whose text reads on the chosen background.
    public var theme: CollageTheme {
        guard let background = style.background else { return .forNightMode(nightMode) }
        var theme = CollageTheme.forNightMode(background.rgb.luminance < 0.45)
        theme.background = background.rgb
        return theme
    }

    /// The options a tag's collage is drawn again with: its recorded style when it has one
    /// (night mode as now), else these.
    public func following(_ recorded: CollageStyle?) -> CollageOptions {
        guard let recorded else { return self }
        var options = self
        options.style = recorded
        return options
    }
}

/// The caption over the covers.
public enum CollageTitle: Sendable, Equatable {
    /// The tag's name, as first spelt.
    case tagName
    /// A reader's own title.
    case text(String)
    /// No title.
    case hidden

    /// A reader's title: 1 to 200 characters, no control characters.
    public static func custom(_ text: String) throws(CollageOptionError) -> CollageTitle {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard (1...200).contains(trimmed.count),
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw .badTitle
        }
        return .text(trimmed)
    }

    /// The text shown for a tag, `nil` when hidden.
    public func text(forTag name: String) -> String? {
        switch self {
        case .tagName: name
        case .text(let text): text
        case .hidden: nil
        }
    }
}

/// How a collage looks apart from night mode: what `collage`'s options and config.json's
/// `collage.*` keys set, and what the store records of each tag's collage (so that `drop` and
/// `serve` draw it again alike, and `list` can say how it was drawn).
public struct CollageStyle: Equatable, Sendable {
    /// PNG, JPEG or an HTML page.
    public var format: CollageFormat
    /// Covers per row; `nil`: 4 with natural cells, chosen to make covers largest with a size.
    public var columns: Int?
    /// The image's exact size; `nil`: fixed cells, and the image follows from the count.
    public var size: CollageSize?
    /// Whole covers in their cells, or cells filled and covers cropped.
    public var fit: CollageFit
    /// A grid of equal cells, or justified rows.
    public var layout: CollageLayout
    /// The text under each cover.
    public var labels: [CollageLabel]
    /// The caption over the covers.
    public var title: CollageTitle
    /// Instead of the day or night background; text takes the theme that reads on it.
    public var background: CollageColor?
    /// The tag's numbers and two charts (books per month, stars given) under the covers.
    public var stats: Bool

    /// Each argument is the property of the same name.
    public init(
        format: CollageFormat = .png, columns: Int? = nil, size: CollageSize? = nil, fit: CollageFit = .contain,
        layout: CollageLayout = .grid,
        labels: [CollageLabel] = [], title: CollageTitle = .tagName, background: CollageColor? = nil,
        stats: Bool = false
    ) {
        self.format = format
        self.columns = columns
        self.size = size
        self.fit = fit
        self.layout = layout
        self.labels = labels
        self.title = title
        self.background = background
        self.stats = stats
    }

    /// For people, beside the file (which shows the format): "4k, rows, labels title+year".
    public var summary: String {
        var parts = [size.map { $0.presetName ?? $0.description } ?? "200x300 cells"]
        if layout != .grid { parts.append(layout.rawValue) }
        if fit != .contain { parts.append("fit \(fit.rawValue)") }
        if let columns { parts.append("\(columns) columns") }
        if !labels.isEmpty { parts.append("labels " + labels.map(\.rawValue).joined(separator: "+")) }
        switch title {
        case .tagName: break
        case .text: parts.append("own title")
        case .hidden: parts.append("no title")
        }
        if let background { parts.append(background.description) }
        if stats { parts.append("stats") }
        return parts.joined(separator: ", ")
    }
}

/// The JSON that `list --json` prints and the store keeps (since store v4): a size as its preset's
/// name or `WIDTHxHEIGHT`, a colour as `#rrggbb`, a title only when it is not the tag's name,
/// `titleShown` false for none, and `stats` only when true. What cannot be read back (a size or a
/// colour a later booktag refuses) is left out, never an error: the collage is drawn as by default.
extension CollageStyle: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, size, columns, fit, layout, labels, title, titleShown, background, stats
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            format: try container.decode(CollageFormat.self, forKey: .format),
            columns: try container.decodeIfPresent(Int.self, forKey: .columns),
            size: try container.decodeIfPresent(String.self, forKey: .size).flatMap { try? CollageSize(parsing: $0) },
            fit: try container.decode(CollageFit.self, forKey: .fit),
            layout: try container.decode(CollageLayout.self, forKey: .layout),
            labels: try container.decode([CollageLabel].self, forKey: .labels),
            background: try container.decodeIfPresent(String.self, forKey: .background).flatMap {
                try? CollageColor(parsing: $0)
            },
            stats: try container.decodeIfPresent(Bool.self, forKey: .stats) == true)
        if try container.decodeIfPresent(Bool.self, forKey: .titleShown) == false {
            title = .hidden
        } else if let text = try container.decodeIfPresent(String.self, forKey: .title) {
            title = .text(text)
        }
    }

    /// Writes the form described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encodeIfPresent(size.map { $0.presetName ?? $0.description }, forKey: .size)
        try container.encodeIfPresent(columns, forKey: .columns)
        try container.encode(fit, forKey: .fit)
        try container.encode(layout, forKey: .layout)
        try container.encode(labels, forKey: .labels)
        if case .text(let text) = title { try container.encode(text, forKey: .title) }
        try container.encode(title != .hidden, forKey: .titleShown)
        try container.encodeIfPresent(background?.description, forKey: .background)
        if stats { try container.encode(true, forKey: .stats) }
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
