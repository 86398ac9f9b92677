import Foundation

/// A collage option that cannot be used; each message says what is accepted.
public enum CollageOptionError: BookTagError, Equatable {
    /// Neither `WIDTHxHEIGHT` nor a preset's name.
    case badSize(String)
    /// A side under 64 or over 16,384 pixels, or over 100 million pixels.
    case sizeOutOfRange(String)
    /// A label other than title, author, year and rating.
    case unknownLabel(String)
    /// Not `#rrggbb`, `#rgb` or a CSS colour name.
    case badColor(String)
    /// A title that is empty, over 200 characters or has control characters.
    case badTitle
    /// More covers than fit the size at a readable scale.
    case tooManyForSize(count: Int, size: String)
    /// An image was asked for in a format that is not one (html).
    case notAnImageFormat(String)
}

extension CollageOptionError {
    /// A bad argument.
    public var kind: BookTagFailure.Kind {
        .usage
    }

    public var errorDescription: String? {
        let presets = CollageSize.presets.map(\.key).joined(separator: ", ")
        switch self {
        case .badSize(let text):
            return "\"\(Self.shown(text))\" is not a size: use WIDTHxHEIGHT in pixels (1920x1080) or one of \(presets)"
        case .sizeOutOfRange(let text):
            return
                "a \(text) collage is out of range: each side must be \(CollageSize.minimumSide)–\(CollageSize.maximumSide) pixels and the whole at most \(CollageSize.maximumPixels / 1_000_000) megapixels"
        case .unknownLabel(let name):
            return
                "\"\(Self.shown(name))\" is not a label: use any of \(CollageLabel.allCases.map(\.rawValue).joined(separator: ", ")), separated by commas"
        case .badColor(let text):
            return
                "\"\(Self.shown(text))\" is not a colour: use #rrggbb, #rgb or a CSS colour name (navy, rebeccapurple)"
        case .badTitle:
            return "the collage title must be 1 to 200 characters, without control characters"
        case .tooManyForSize(let count, let size):
            return "\(count) covers do not fit a \(size) collage: use a larger size or fewer columns"
        case .notAnImageFormat(let format):
            return "\(Self.shown(format)) is not an image format: use png or jpeg"
        }
    }

    /// User text in a message: control characters dropped, cut short.
    private static func shown(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(40)))
    }
}
