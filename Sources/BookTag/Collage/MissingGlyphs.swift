/// Characters a collage image needed that no installed font has, and the Debian package that
/// would draw them: what the one warning of a run tells the reader to install.
public struct MissingGlyphs: Equatable, Sendable {
    /// The characters, each once, in the order met.
    public var characters: [Unicode.Scalar]
    /// Why no text at all could be drawn (Pango or fontconfig would not start): the image was
    /// made without its title and labels.
    public var textUnavailable: String?

    /// What was not drawn: the characters, or why no text could be drawn at all.
    public init(characters: [Unicode.Scalar], textUnavailable: String? = nil) {
        self.characters = characters
        self.textUnavailable = textUnavailable
    }

    /// The Debian font packages that cover the characters, most needed first.
    public var packages: [String] {
        var packages: [String] = []
        for scalar in characters {
            let package = Self.package(for: scalar)
            if !packages.contains(package) { packages.append(package) }
        }
        return packages
    }

    /// Noto covers nearly every script; its CJK and emoji fonts come in packages of their own.
    static func package(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return "fonts-noto-cjk"
        case 0x1F300...0x1FAFF:
            return "fonts-noto-color-emoji"
        case 0x2600...0x27BF where scalar.properties.isEmoji:
            return "fonts-noto-color-emoji"
        default:
            return "fonts-noto-core"
        }
    }
}
