import CPango
import Foundation

/// Text in collage images, shaped by Pango with fonts fontconfig finds for each run of text (see
/// CPango.h), then laid over the canvas in a colour. Any script reads as it should: right
/// to left where it runs so, joined where it joins.
enum CollageText {
    enum Alignment: Int32 {
        case start = 0
        case center = 1
        case end = 2
    }

    /// Opens Pango, which booktag loads only when it draws; later calls are free.
    static func load() throws(CollageError) {
        guard booktag_text_load() == 0 else { throw .libraryMissing(String(cString: booktag_text_error())) }
    }

    /// Before the first `load`: fontconfig keeps the caches it writes in `folder`, unless the
    /// user chose a fontconfig set-up through `FONTCONFIG_FILE` or `FONTCONFIG_PATH`.
    static func keepFontCaches(in folder: URL?) {
        let chosen = ["FONTCONFIG_FILE", "FONTCONFIG_PATH"].contains { ProcessEnvironment.value($0) != nil }
        guard let folder, !chosen else { return }
        booktag_text_set_cache_folder(folder.path)
    }

    /// Draws `text` into `box` (lines wrapped to its width, at most `maxLines`, the last ending
    /// in an ellipsis when text is left over), vertically centred when `centered`; nothing is
    /// drawn outside the box. Returns how many characters no installed font could draw.
    @discardableResult
    static func draw(
        _ text: String, in box: CollagePlan.Rect, pixels: Double, bold: Bool = false, maxLines: Int = 1,
        alignment: Alignment = .center,
        color: CollageTheme.RGB, centered: Bool = false, on surface: any CollageSurface
    ) -> Int {
        guard surface.holds(box) else { return 0 }
        return surface.draw(
            text, in: box,
            style: Style(
                pixels: pixels, bold: bold, maxLines: maxLines, alignment: alignment, color: color, centered: centered))
    }

    /// How wide `text` is on one line at `pixels`, in pixels; nil without Pango.
    static func width(of text: String, pixels: Double, bold: Bool = false) -> Int? {
        guard !text.isEmpty else { return 0 }
        var block = booktag_text_block()
        defer { booktag_text_block_free(&block) }
        let status = text.withCString { string in
            booktag_text_layout(
                string, bold ? "Sans Bold" : "Sans", pixels, 1 << 20, 1, Alignment.start.rawValue, 0, &block)
        }
        return status == 0 ? Int(block.inkWidth) : nil
    }

    /// The size, at most `pixels` and at least `minimum`, at which `text` fits `width` on one line:
    /// a language that says it in more letters is set smaller rather than cut.
    static func fitting(_ text: String, width: Int, pixels: Double, minimum: Double, bold: Bool = false) -> Double {
        guard let natural = Self.width(of: text, pixels: pixels, bold: bold), natural > width, natural > 0 else {
            return pixels
        }
        // In proportion, then down by half a pixel while hinting still makes it too wide.
        var size = max(minimum, (pixels * Double(width) / Double(natural) * 2).rounded(.down) / 2)
        while size - 0.5 >= minimum, let measured = Self.width(of: text, pixels: size, bold: bold), measured > width {
            size -= 0.5
        }
        return size
    }

    /// The size, at most `pixels` and at least `minimum` in steps of 4, at which `text` wraps to
    /// `width` between words: a long word is set smaller rather than broken inside ("The /
    /// Cartographer's / Daughter", never "Cartographer / 's"); past `minimum` Pango breaks it.
    static func wrappingWords(_ text: String, width: Int, pixels: Double, minimum: Double, bold: Bool = false) -> Double
    {
        var size = pixels
        while size - 4 >= minimum,
            text.withCString({ booktag_text_words_fit($0, bold ? "Sans Bold" : "Sans", size, Int32(width)) }) == 0
        {
            size -= 4
        }
        return size
    }

    /// How a block of text is set: its size, weight, lines, alignment and colour.
    struct Style {
        var pixels: Double
        var bold = false
        var maxLines = 1
        var alignment = Alignment.center
        var color: CollageTheme.RGB
        var centered = false

        /// Pango's font family for the weight.
        var family: String { bold ? "Sans Bold" : "Sans" }
    }

    /// `text` laid out and set for `box` as `draw` sets it, to be drawn on the bands of a canvas
    /// one after another without being set again; `nil` when there is nothing to draw.
    static func layout(
        _ text: String, in box: CollagePlan.Rect, pixels: Double, bold: Bool = false, maxLines: Int = 1,
        alignment: Alignment = .center, color: CollageTheme.RGB, centered: Bool = false
    ) -> SetText? {
        guard box.width > 0, box.height > 0, !text.isEmpty else { return nil }
        var block = booktag_text_block()
        let status = text.withCString { string in
            booktag_text_layout(
                string, bold ? "Sans Bold" : "Sans", pixels, Int32(box.width), Int32(maxLines), alignment.rawValue, 1,
                &block)
        }
        guard status == 0, block.alpha != nil else {
            booktag_text_block_free(&block)
            return nil
        }
        let originY = box.y + (centered ? max(0, (box.height - Int(block.height)) / 2) : 0)
        return SetText(
            block: block, x: box.x + Int(block.left), y: originY + Int(block.top), clip: box, color: color)
    }

    /// Text set once (its coverage, one byte a pixel), drawn on whatever band a canvas holds.
    final class SetText {
        private var block: booktag_text_block
        private let x: Int
        private let y: Int
        private let clip: CollagePlan.Rect
        private let color: CollageTheme.RGB

        fileprivate init(block: booktag_text_block, x: Int, y: Int, clip: CollagePlan.Rect, color: CollageTheme.RGB) {
            self.block = block
            self.x = x
            self.y = y
            self.clip = clip
            self.color = color
        }

        deinit { booktag_text_block_free(&block) }

        /// Characters no installed font could draw.
        var unknownGlyphs: Int { Int(block.unknownGlyphs) }

        /// Lays the text over the canvas's band, clipped to its box.
        func draw(on canvas: CollageCanvas) {
            guard let alpha = block.alpha else { return }
            CollageText.composite(
                alpha, stride: Int(block.stride), width: Int(block.pixelWidth), height: Int(block.pixelHeight), x: x,
                y: y, clip: clip, color: color, on: canvas)
        }
    }

    fileprivate static func composite(
        _ alpha: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, x: Int, y: Int,
        clip: CollagePlan.Rect,
        color: CollageTheme.RGB, on canvas: CollageCanvas
    ) {
        let left = max(x, clip.x, 0)
        let right = min(x + width, clip.maxX, canvas.width)
        let top = max(y, clip.y, canvas.band.lowerBound)
        let bottom = min(y + height, clip.maxY, canvas.band.upperBound)
        guard left < right, top < bottom else { return }
        let red = Int32(color.red)
        let green = Int32(color.green)
        let blue = Int32(color.blue)
        for row in top..<bottom {
            guard let pixels = canvas.rows[row] else { continue }
            let coverage = alpha + (row - y) * stride
            for column in left..<right {
                let a = Int32(coverage[column - x])
                if a == 0 { continue }
                let pixel = pixels[column]
                if a == 255 {
                    pixels[column] = (red << 16) | (green << 8) | blue
                    continue
                }
                let inverse = 255 - a
                let r = (red * a + ((pixel >> 16) & 0xFF) * inverse + 127) / 255
                let g = (green * a + ((pixel >> 8) & 0xFF) * inverse + 127) / 255
                let b = (blue * a + (pixel & 0xFF) * inverse + 127) / 255
                pixels[column] = (r << 16) | (g << 8) | b
            }
        }
    }

    /// The characters of `text` no installed font has a glyph for.
    static func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { scalar in
            guard !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control,
                scalar.properties.generalCategory != .format, seen.insert(scalar).inserted
            else { return false }
            return booktag_text_font_covers(scalar.value) == 0
        }
    }
}
