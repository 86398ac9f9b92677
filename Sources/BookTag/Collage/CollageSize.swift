/// The exact size of a collage image, for a wallpaper, a phone screen or a print. Without one,
/// cells have a fixed size and the image follows from the count.
public struct CollageSize: Equatable, Sendable, Codable, CustomStringConvertible {
    /// In pixels.
    public var width: Int
    /// In pixels.
    public var height: Int

    /// Named sizes readers ask for; `a4` is 300 dpi.
    public static let presets: KeyValuePairs<String, CollageSize> = [
        "wallpaper": CollageSize(unchecked: 1920, 1080), "4k": CollageSize(unchecked: 3840, 2160),
        "phone": CollageSize(unchecked: 1170, 2532), "square": CollageSize(unchecked: 1080, 1080),
        "a4": CollageSize(unchecked: 2480, 3508), "story": CollageSize(unchecked: 1080, 1920),
    ]
    /// Refused before any pixel is allocated: a side over this, or more pixels than
    /// `maximumPixels` (400 MB of canvas), is a typo or a misunderstanding, not a collage.
    public static let maximumSide = 16_384
    /// The largest canvas, in pixels.
    public static let maximumPixels = 100_000_000
    /// Room for a margin and one cover.
    public static let minimumSide = 64

    private init(unchecked width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    /// A size within the limits, else ``CollageOptionError/sizeOutOfRange(_:)``.
    public init(width: Int, height: Int) throws(CollageOptionError) {
        guard (Self.minimumSide...Self.maximumSide).contains(width),
            (Self.minimumSide...Self.maximumSide).contains(height)
        else {
            throw .sizeOutOfRange("\(width)x\(height)")
        }
        guard width * height <= Self.maximumPixels else { throw .sizeOutOfRange("\(width)x\(height)") }
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT` (`1920x1080`, `×` accepted) or a preset's name.
    public init(parsing text: String) throws(CollageOptionError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let preset = Self.presets.first(where: { $0.key == trimmed }) {
            self = preset.value
            return
        }
        let parts = trimmed.split(separator: "x", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "×", omittingEmptySubsequences: false)
        }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCIIDigit) }),
            let width = Int(parts[0]), let height = Int(parts[1])
        else { throw .badSize(text) }
        try self.init(width: width, height: height)
    }

    public var description: String { "\(width)x\(height)" }

    /// The preset this size is, if any.
    public var presetName: String? { Self.presets.first { $0.value == self }?.key }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
