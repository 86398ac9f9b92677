import CImageCodec
import CLibGD
import Foundation
import Synchronization

/// Draws a collage image: the title, the covers where `CollagePlanner` puts them (fitted or
/// cropped to their frames), labels and the credit. libgd decodes PNG, GIF and WebP covers and
/// holds the canvas; JPEG covers are decoded by libjpeg at a reduced DCT scale and everything is
/// scaled by `booktag_scale` (CImageCodec); text is shaped by Pango (`CollageText`). Covers are
/// drawn on all cores, each into its own frame. A cover that will not decode becomes a neutral
/// tile with the book's title, never a failed collage.
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
    /// libjpeg's fast integer DCT when writing JPEG (see `booktag-bench collage`).
    public var jpegFastDCT = false
    /// Covers larger than this many pixels are not decoded (decompression bombs); they get a tile.
    public static let maximumCoverPixels = 25_000_000

    public init() {}

    /// Opens libgd and Pango, which booktag loads only when it draws (see CLibGD.h, CPango.h).
    static func loadLibraries() throws(CollageError) {
        guard booktag_gd_load() == 0 else { throw .libraryMissing(String(cString: booktag_gd_error())) }
        try CollageText.load()
    }

    /// `title` (`nil`: none) is the caption; `credit` ("books from Open Library") is drawn small
    /// in the bottom margin, where readers look for an attribution.
    public func render(
        title: String?, covers: [CollageCover], options: CollageOptions, format: CollageImageFormat, credit: String? = nil
    ) throws -> CollageImage {
        try Self.loadLibraries()
        let planner = CollagePlanner(
            size: options.size, columns: options.columns, layout: options.layout, fit: options.fit,
            labelLines: CollageCover.labelLineCount(options.labels), showsTitle: title != nil)
        let plan = try planner.plan(aspects: covers.map { cover in cover.image.flatMap(ImageInfo.init).map { Double($0.width) / Double($0.height) } })
        let theme = options.theme
        guard let canvas = booktag_gdImageCreateTrueColor(Int32(plan.width), Int32(plan.height)) else {
            throw CollageError.outOfMemory
        }
        defer { booktag_gdImageDestroy(canvas) }
        // Everything is opaque and written directly; text is composited by CollageText.
        booktag_gdImageAlphaBlending(canvas, 0)
        PixelRows.fill(canvas, CollagePlan.Rect(x: 0, y: 0, width: plan.width, height: plan.height), color: theme.background)
        let unreadable = Mutex<[String]>([])
        let shared = UnsafeSendable(canvas)
        // One job per cover, and one for the title, labels and credit; their areas do not overlap.
        DispatchQueue.concurrentPerform(iterations: covers.count + 1) { job in
            let canvas = shared.value
            var texts: [String] = []
            if job == covers.count {
                texts = drawText(title: title, credit: credit, covers: covers, plan: plan, labels: options.labels, theme: theme, on: canvas)
            } else {
                let cover = covers[job], frame = plan.cells[job].frame
                if let data = cover.image, drawCover(data, into: frame, fill: plan.fillsFrames, on: canvas) { return }
                texts = drawTile(cover.title, in: frame, pixels: plan.labelPixels * 1.15, theme: theme, on: canvas)
            }
            if !texts.isEmpty { unreadable.withLock { $0 += texts } }
        }
        let data = try encode(canvas, format: format)
        let missing = unreadable.withLock { texts in texts.isEmpty ? [] : CollageText.missingCharacters(in: texts.joined(separator: " ")) }
        return CollageImage(data: data, plan: plan, missingGlyphs: missing.isEmpty ? nil : MissingGlyphs(characters: missing))
    }

    // MARK: - Covers

    /// Decodes and draws one cover; `false` when it cannot be decoded.
    private func drawCover(_ data: Data, into frame: CollagePlan.Rect, fill: Bool, on canvas: gdImagePtr) -> Bool {
        guard let info = ImageInfo(data), info.width * info.height <= Self.maximumCoverPixels else { return false }
        // The size the whole cover is drawn at: fitted inside the frame, or covering it.
        let scale = fill
            ? max(Double(frame.width) / Double(info.width), Double(frame.height) / Double(info.height))
            : min(Double(frame.width) / Double(info.width), Double(frame.height) / Double(info.height))
        let drawnWidth = max(1, Int((Double(info.width) * scale).rounded())), drawnHeight = max(1, Int((Double(info.height) * scale).rounded()))
        if info.format == .jpeg, let image = DecodedJPEG(data, atLeast: drawnWidth, drawnHeight) {
            return image.image.rows.map { rows in
                draw(rows: UnsafeRawPointer(rows), width: Int(image.image.width), height: Int(image.image.height), into: frame, fill: fill, on: canvas)
            } ?? false
        }
        guard let source = decode(data, format: info.format) else { return false }
        defer { booktag_gdImageDestroy(source) }
        if source.pointee.trueColor == 0 { booktag_gdImagePaletteToTrueColor(source) }
        guard let rows = source.pointee.tpixels else { return false }
        return draw(rows: UnsafeRawPointer(rows), width: Int(booktag_gd_width(source)), height: Int(booktag_gd_height(source)), into: frame, fill: fill, on: canvas)
    }

    /// Scales decoded rows into the frame: the whole image centred inside it, or its centre
    /// filling it.
    private func draw(rows: UnsafeRawPointer, width: Int, height: Int, into frame: CollagePlan.Rect, fill: Bool, on canvas: gdImagePtr) -> Bool {
        guard width > 0, height > 0, let canvasRows = canvas.pointee.tpixels, frame.x >= 0, frame.y >= 0,
            frame.maxX <= Int(canvas.pointee.sx), frame.maxY <= Int(canvas.pointee.sy)
        else { return false }
        var source = (x: 0, y: 0, width: width, height: height)
        var target = frame
        if fill {
            let scale = max(Double(frame.width) / Double(width), Double(frame.height) / Double(height))
            source.width = min(width, max(1, Int((Double(frame.width) / scale).rounded())))
            source.height = min(height, max(1, Int((Double(frame.height) / scale).rounded())))
            source.x = (width - source.width) / 2
            source.y = (height - source.height) / 2
        } else {
            let scale = min(Double(frame.width) / Double(width), Double(frame.height) / Double(height))
            target.width = min(frame.width, max(1, Int((Double(width) * scale).rounded())))
            target.height = min(frame.height, max(1, Int((Double(height) * scale).rounded())))
            target.x = frame.x + (frame.width - target.width) / 2
            target.y = frame.y + (frame.height - target.height) / 2
        }
        return booktag_scale(
            rows.assumingMemoryBound(to: UnsafePointer<Int32>?.self), Int32(source.x), Int32(source.y), Int32(source.width), Int32(source.height),
            UnsafeRawPointer(canvasRows).assumingMemoryBound(to: UnsafeMutablePointer<Int32>?.self), Int32(target.x), Int32(target.y),
            Int32(target.width), Int32(target.height)) == 0
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

    // MARK: - Text

    /// A stand-in for a cover that cannot be drawn; returns texts with characters no font has.
    private func drawTile(_ title: String, in frame: CollagePlan.Rect, pixels: Double, theme: CollageTheme, on canvas: gdImagePtr) -> [String] {
        PixelRows.fill(canvas, frame, color: theme.tile)
        let inset = max(2, frame.width / 12)
        let box = CollagePlan.Rect(x: frame.x + inset, y: frame.y + inset, width: frame.width - 2 * inset, height: frame.height - 2 * inset)
        let unknown = CollageText.draw(title, in: box, pixels: pixels, maxLines: 6, color: theme.secondaryText, centered: true, on: canvas)
        return unknown > 0 ? [title] : []
    }

    private func drawText(
        title: String?, credit: String?, covers: [CollageCover], plan: CollagePlan, labels: [CollageLabel], theme: CollageTheme, on canvas: gdImagePtr
    ) -> [String] {
        var unreadable: [String] = []
        if let title, let box = plan.title {
            if CollageText.draw(title, in: box, pixels: plan.titlePixels, color: theme.text, centered: true, on: canvas) > 0 { unreadable.append(title) }
        }
        if let rule = plan.rule { PixelRows.fill(canvas, rule, color: theme.accent) }
        if let credit {
            CollageText.draw(credit, in: plan.credit, pixels: plan.creditPixels, alignment: .end, color: theme.secondaryText, centered: true, on: canvas)
        }
        guard !labels.isEmpty else { return unreadable }
        let lineHeight = Int((plan.labelPixels * 1.4).rounded(.up))
        for (cover, cell) in zip(covers, plan.cells) {
            guard let label = cell.label else { continue }
            for (index, line) in cover.labelLines(labels).enumerated() where !line.isEmpty {
                let box = CollagePlan.Rect(x: label.x, y: label.y + index * lineHeight, width: label.width, height: lineHeight)
                let color = index == 0 && labels.contains(.title) ? theme.text : theme.secondaryText
                if CollageText.draw(line, in: box, pixels: plan.labelPixels, color: color, on: canvas) > 0 { unreadable.append(line) }
            }
        }
        return unreadable
    }

    // MARK: - Output

    private func encode(_ canvas: gdImagePtr, format: CollageImageFormat) throws -> Data {
        var length = 0
        let rows = UnsafeRawPointer(canvas.pointee.tpixels).map { $0.assumingMemoryBound(to: UnsafePointer<Int32>?.self) }
        let bytes = format == .png
            ? booktag_png_encode(rows, canvas.pointee.sx, canvas.pointee.sy, pngCompressionLevel, pngFilter.rawValue, &length)
            : booktag_jpeg_encode(rows, canvas.pointee.sx, canvas.pointee.sy, jpegQuality, jpegFastDCT ? 1 : 0, &length)
        guard let bytes else { throw CollageError.encodingFailed(format.rawValue) }
        defer { format == .png ? booktag_png_free(bytes) : booktag_jpeg_free(bytes) }
        return Data(bytes: bytes, count: length)
    }
}

/// A JPEG decoded by libjpeg, released with it.
private final class DecodedJPEG {
    var image = booktag_pixels()

    init?(_ data: Data, atLeast width: Int, _ height: Int) {
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return -1 }
            return booktag_jpeg_decode(
                base.assumingMemoryBound(to: UInt8.self), raw.count, Int32(width), Int32(height), CollageRenderer.maximumCoverPixels, &image)
        }
        guard status == 0 else { return nil }
    }

    deinit { booktag_pixels_free(&image) }
}

/// A pointer handed to concurrent jobs that each touch their own part of what it points at.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
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
        case let .encodingFailed(format): "the collage could not be written as \(format.uppercased())"
        case let .noBooks(tag): "the tag \"\(tag)\" has no books to draw"
        case let .libraryMissing(reason): "cannot draw collages: \(reason)"
        }
    }
}
