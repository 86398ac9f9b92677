import Foundation

/// A cover drawn for a reader's book that has none anywhere: its title and author set in the
/// collage's font on a colour of its own (from the book's title and author, so the same book is
/// always the same colour, and a wall of them is not one colour). It stands in the reader's year
/// so that the wall and the count agree; searches and subjects never get one.
///
/// 600 × 900 pixels, the shape of most covers: the text is large enough to stay legible when a
/// collage scales the cover down into a small cell. A title of any length is wrapped and ends in
/// an ellipsis; right-to-left scripts are set by Pango as they are written.
public enum DrawnCover {
    static let width = 600
    static let height = 900

    /// Rows drawn at once: half the cover, so that a cover being drawn holds 1 MB of canvas, not
    /// 2 (an import draws them while `booktag serve` answers others), and each half still
    /// deflates on two cores.
    static let bandRows = 450

    /// The cover as PNG bytes. Without Pango the cover is its colour alone (the collage warns of
    /// the missing text once). The text is set once and laid over each band of rows.
    public static func png(title: String, author: String?) throws -> Data {
        try png(title: title, author: author, bandRows: bandRows)
    }

    static func png(title: String, author: String?, bandRows: Int) throws -> Data {
        let colors = palette(for: title + "\u{1F}" + (author ?? ""))
        guard
            let canvas = CollageCanvas(width: width, height: height, background: colors.background, bandRows: bandRows)
        else {
            throw CollageError.encodingFailed("png")
        }
        var texts: [CollageText.SetText] = []
        if (try? CollageText.load()) != nil {
            let margin = titleMargin
            let cleanTitle = Self.clean(title)
            let titleBox = CollagePlan.Rect(x: margin, y: 110, width: width - 2 * margin, height: 520)
            let titleText = cleanTitle.isEmpty ? "Untitled" : cleanTitle
            let titleSize = Self.titleSize(titleText)
            if let set = CollageText.layout(
                titleText, in: titleBox, pixels: titleSize, bold: true,
                maxLines: Int(Double(titleBox.height) / (titleSize * 1.2)),
                color: colors.text)
            {
                texts.append(set)
            }
            let authorBox = CollagePlan.Rect(x: margin, y: 680, width: width - 2 * margin, height: 150)
            if let author = author.map(Self.clean), !author.isEmpty,
                let set = CollageText.layout(
                    author, in: authorBox,
                    pixels: CollageText.wrappingWords(author, width: authorBox.width, pixels: 40, minimum: 28),
                    maxLines: 2, color: colors.text)
            {
                texts.append(set)
            }
        }
        // Flat colour and text: one filter (Paeth's) and the run-length coder, as a collage's;
        // the adaptive choice tried five filters a row (45 % of an import of 400 drawn covers).
        let encoder = try CollageEncoder(
            width: width, height: height, format: .png, settings: CollageRenderer(), jpegQuality: 90)
        for start in stride(from: 0, to: height, by: canvas.bandCapacity) {
            if start > 0 { canvas.show(start..<min(start + canvas.bandCapacity, height)) }
            // A band of the lighter tone at the top and bottom, like a jacket's.
            canvas.fill(CollagePlan.Rect(x: 0, y: 0, width: width, height: 24), color: colors.band)
            canvas.fill(CollagePlan.Rect(x: 0, y: height - 24, width: width, height: 24), color: colors.band)
            for text in texts { text.draw(on: canvas) }
            try encoder.append(canvas)
        }
        return try encoder.finish()
    }

    /// The title's size: 64 pixels, smaller (to 40) while a word would be broken inside.
    static func titleSize(_ title: String) -> Double {
        CollageText.wrappingWords(title, width: width - 2 * titleMargin, pixels: 64, minimum: 40, bold: true)
    }

    static let titleMargin = 48

    /// One line of text: control characters and runs of whitespace as single spaces.
    static func clean(_ text: String) -> String {
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : String($0) }.joined()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A deep colour for the background picked by a hash of `seed` (FNV-1a: the same on every
    /// machine and run), a lighter band of the same hue, and near-white text: contrast of 7:1 or
    /// more at every hue.
    static func palette(for seed: String) -> (
        background: CollageTheme.RGB, band: CollageTheme.RGB, text: CollageTheme.RGB
    ) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hue = Double(hash % 360)
        let saturation = 0.45 + Double((hash >> 16) % 20) / 100
        let text = CollageTheme.RGB(0xF7, 0xF4, 0xEE)
        // Yellows and greens are lighter at one lightness than blues: darkened until 7:1.
        var lightness = 0.26
        while contrast(text, rgb(hue: hue, saturation: saturation, lightness: lightness)) < 7 { lightness -= 0.01 }
        return (
            rgb(hue: hue, saturation: saturation, lightness: lightness),
            rgb(hue: hue, saturation: saturation, lightness: lightness + 0.12),
            text
        )
    }

    /// WCAG's contrast ratio of two colours.
    static func contrast(_ a: CollageTheme.RGB, _ b: CollageTheme.RGB) -> Double {
        func luminance(_ color: CollageTheme.RGB) -> Double {
            func channel(_ value: Int) -> Double {
                let c = Double(value) / 255
                return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    static func rgb(hue: Double, saturation: Double, lightness: Double) -> CollageTheme.RGB {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let section = hue / 60
        let x = chroma * (1 - abs(section.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(section) {
            case 0: (chroma, x, 0)
            case 1: (x, chroma, 0)
            case 2: (0, chroma, x)
            case 3: (0, x, chroma)
            case 4: (x, 0, chroma)
            default: (chroma, 0, x)
            }
        let m = lightness - chroma / 2
        func channel(_ value: Double) -> Int { Int(((value + m) * 255).rounded()) }
        return CollageTheme.RGB(channel(r), channel(g), channel(b))
    }
}
