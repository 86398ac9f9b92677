import CLibGD
import CPNGEncoder
import Foundation

/// Draws a collage with libgd: the tag as a caption, then the covers in a grid, each scaled to
/// fit its cell with its aspect ratio kept, centred. A cover that will not decode becomes a
/// neutral tile with the book's title, never a failed collage.
public struct CollageRenderer: Sendable {
    /// libpng row filters, chosen by measurement (`booktag-bench collage`).
    public enum PNGFilter: Int32, Sendable, CaseIterable {
        case none = 0x08, sub = 0x10, up = 0x20, average = 0x40, paeth = 0x80, adaptive = 0xF8
    }

    /// PNG zlib level and row filter. Compression is most of the cost of writing a collage;
    /// see `booktag-bench collage` for the measurements behind these defaults.
    public var pngCompressionLevel: Int32 = 1
    public var pngFilter: PNGFilter = .up
    public var jpegQuality: Int32 = 88
    /// Covers larger than this many pixels are not decoded (decompression bombs); they get a tile.
    public static let maximumCoverPixels = 25_000_000

    public init() {}

    /// TrueType fonts tried in turn; libgd's built-in font is the last resort.
    static let fontCandidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
        "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    ]
    static let font: String? = fontCandidates.first { FileManager.default.isReadableFile(atPath: $0) }

    /// Opens libgd, which booktag loads only when it draws (see CLibGD.h).
    static func loadLibrary() throws(CollageError) {
        guard booktag_gd_load() == 0 else { throw .libraryMissing(String(cString: booktag_gd_error())) }
    }

    /// `credit` ("books from Open Library") is drawn small in the bottom margin, where readers
    /// look for an attribution.
    public func render(
        title: String, covers: [CollageCover], columns: Int, theme: CollageTheme, format: CollageImageFormat, credit: String? = nil
    ) throws -> Data {
        try Self.loadLibrary()
        let layout = CollageLayout(count: covers.count, columns: columns)
        guard let canvas = booktag_gdImageCreateTrueColor(Int32(layout.width), Int32(layout.height)) else {
            throw CollageError.outOfMemory
        }
        defer { booktag_gdImageDestroy(canvas) }
        // Everything but text is opaque: without blending, fills and copies write pixels directly.
        booktag_gdImageAlphaBlending(canvas, 0)
        PixelRows.fill(canvas, x: 0, y: 0, width: layout.width, height: layout.height, color: color(theme.background))
        drawCaption(title, on: canvas, layout: layout, theme: theme)
        if let credit { drawCredit(credit, on: canvas, layout: layout, theme: theme) }
        for (index, cover) in covers.enumerated() {
            let origin = layout.cellOrigin(index)
            if let data = cover.image, drawCover(data, on: canvas, at: origin, layout: layout) {
                continue
            }
            drawTile(cover.title, on: canvas, at: origin, layout: layout, theme: theme)
        }
        return try encode(canvas, format: format)
    }

    // MARK: - Covers

    /// Decodes and draws one cover; `false` when it cannot be decoded.
    private func drawCover(_ data: Data, on canvas: gdImagePtr, at origin: (x: Int, y: Int), layout: CollageLayout) -> Bool {
        guard let info = ImageInfo(data), info.width * info.height <= Self.maximumCoverPixels,
            let source = decode(data, format: info.format)
        else { return false }
        defer { booktag_gdImageDestroy(source) }
        let width = Int(booktag_gd_width(source)), height = Int(booktag_gd_height(source))
        let fitted = layout.fitted(width: width, height: height)
        let x = origin.x + (layout.cellWidth - fitted.width) / 2
        let y = origin.y + (layout.cellHeight - fitted.height) / 2
        // Fixed-point bilinear scaling: covers shrink by about a third, where it looks as good as
        // gdImageCopyResampled's area averaging at a fraction of the cost (that was ~45% of a
        // collage's time). Palette images (GIF) are made true-colour first, as gdImageScale needs.
        if source.pointee.trueColor == 0 { booktag_gdImagePaletteToTrueColor(source) }
        booktag_gdImageSetInterpolationMethod(source, GD_BILINEAR_FIXED)
        guard let scaled = booktag_gdImageScale(source, UInt32(fitted.width), UInt32(fitted.height)) else { return false }
        defer { booktag_gdImageDestroy(scaled) }
        PixelRows.copy(scaled, into: canvas, x: x, y: y)
        return true
    }

    private func decode(_ data: Data, format: ImageInfo.Format) -> gdImagePtr? {
        data.withUnsafeBytes { raw -> gdImagePtr? in
            guard let base = raw.baseAddress, raw.count <= Int(Int32.max) else { return nil }
            let bytes = UnsafeMutableRawPointer(mutating: base)  // libgd reads only
            let size = Int32(raw.count)
            switch format {
            case .jpeg: return booktag_gdImageCreateFromJpegPtrEx(size, bytes, 1)
            case .png: return booktag_gdImageCreateFromPngPtr(size, bytes)
            case .gif: return booktag_gdImageCreateFromGifPtr(size, bytes)
            case .webp: return booktag_gdImageCreateFromWebpPtr(size, bytes)
            }
        }
    }

    private func drawTile(_ title: String, on canvas: gdImagePtr, at origin: (x: Int, y: Int), layout: CollageLayout, theme: CollageTheme) {
        defer { booktag_gdImageAlphaBlending(canvas, 0) }
        PixelRows.fill(canvas, x: origin.x, y: origin.y, width: layout.cellWidth, height: layout.cellHeight, color: color(theme.tile))
        let inset = 16
        let lines = TextLayout.wrap(title, width: layout.cellWidth - 2 * inset, size: 15, maximumLines: 6)
        var y = origin.y + layout.cellHeight / 2 - lines.count * 11
        booktag_gdImageAlphaBlending(canvas, 1)  // anti-aliased text blends into the tile
        for line in lines {
            TextLayout.draw(line, on: canvas, x: origin.x + inset, y: y, size: 15, color: color(theme.secondaryText), center: layout.cellWidth - 2 * inset)
            y += 24
        }
    }

    private func drawCaption(_ title: String, on canvas: gdImagePtr, layout: CollageLayout, theme: CollageTheme) {
        let width = layout.width - 2 * layout.margin
        let line = TextLayout.wrap(title, width: width, size: 24, maximumLines: 1).first ?? title
        booktag_gdImageAlphaBlending(canvas, 1)  // anti-aliased text blends into the background
        defer { booktag_gdImageAlphaBlending(canvas, 0) }
        TextLayout.draw(line, on: canvas, x: layout.margin, y: layout.margin + 40, size: 24, color: color(theme.text), center: width)
        PixelRows.fill(canvas, x: layout.margin, y: layout.margin + layout.captionHeight - 10, width: layout.width - 2 * layout.margin, height: 2, color: color(theme.accent))
    }

    private func drawCredit(_ credit: String, on canvas: gdImagePtr, layout: CollageLayout, theme: CollageTheme) {
        let size = 9.0
        let line = TextLayout.wrap(credit, width: layout.width - 2 * layout.margin, size: size, maximumLines: 1).first ?? credit
        let width = TextLayout.width(of: line, size: size)
        booktag_gdImageAlphaBlending(canvas, 1)
        defer { booktag_gdImageAlphaBlending(canvas, 0) }
        TextLayout.draw(
            line, on: canvas, x: max(layout.margin, layout.width - layout.margin - width), y: layout.height - 8, size: size,
            color: color(theme.secondaryText), center: width)
    }

    private func color(_ rgb: CollageTheme.RGB) -> Int32 {
        booktag_gd_rgb(Int32(rgb.red), Int32(rgb.green), Int32(rgb.blue))
    }

    // MARK: - Output

    private func encode(_ canvas: gdImagePtr, format: CollageImageFormat) throws -> Data {
        if format == .png {
            var length = 0
            let rows = UnsafeRawPointer(canvas.pointee.tpixels).map { $0.assumingMemoryBound(to: UnsafePointer<Int32>?.self) }
            guard let bytes = booktag_png_encode(rows, canvas.pointee.sx, canvas.pointee.sy, pngCompressionLevel, pngFilter.rawValue, &length) else {
                throw CollageError.encodingFailed(format.rawValue)
            }
            defer { booktag_png_free(bytes) }
            return Data(bytes: bytes, count: length)
        }
        var size: Int32 = 0
        let pointer: UnsafeMutableRawPointer? = booktag_gdImageJpegPtr(canvas, &size, jpegQuality)
        guard let pointer, size > 0 else { throw CollageError.encodingFailed(format.rawValue) }
        defer { booktag_gdFree(pointer) }
        return Data(bytes: pointer, count: Int(size))
    }
}

/// Why a collage could not be made.
public enum CollageError: Error, Equatable, Sendable {
    case outOfMemory
    case encodingFailed(String)
    case noBooks(String)
    case libraryMissing(String)
}

extension CollageError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .outOfMemory: "not enough memory to draw the collage"
        case let .encodingFailed(format): "libgd could not write the collage as \(format.uppercased())"
        case let .noBooks(tag): "the tag \"\(tag)\" has no books to draw"
        case let .libraryMissing(reason): "cannot draw collages: \(reason)"
        }
    }
}
