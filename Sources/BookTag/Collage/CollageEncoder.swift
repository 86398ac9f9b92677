import CImageCodec
import Foundation

/// A collage image being written band by band (CImageCodec's PNG and JPEG writers): each band of
/// a canvas is handed over as soon as it is drawn, so the canvas can take the next. With a file,
/// a PNG's bytes go to it as each band is encoded, so the image is never held whole; a JPEG's
/// (libjpeg writes into memory) at the end. Used from one thread at a time (the renderer's
/// encoding queue), not concurrently.
final class CollageEncoder: @unchecked Sendable {
    private enum Writer {
        case png(OpaquePointer)
        case jpeg(OpaquePointer)
    }

    private var writer: Writer?
    private let format: CollageImageFormat
    private let file: UnnamedFile?

    /// A writer for a `width` × `height` image in `format`, with `settings`' PNG and JPEG choices,
    /// into `file` if given.
    init(
        width: Int, height: Int, format: CollageImageFormat, settings: CollageRenderer, jpegQuality: Int32,
        file: UnnamedFile? = nil
    ) throws(CollageError) {
        self.format = format
        self.file = file
        let begun =
            format == .png
            ? booktag_png_begin(
                Int32(width), Int32(height), settings.pngCompression.level, settings.pngFilter.rawValue, 0
            ).map(Writer.png)
            : booktag_jpeg_begin(
                Int32(width), Int32(height), jpegQuality, settings.jpegFastDCT ? 1 : 0,
                settings.jpegOptimizedHuffman ? 1 : 0
            ).map(Writer.jpeg)
        guard let begun else { throw .encodingFailed(format.rawValue) }
        writer = begun
    }

    deinit {
        switch writer {
        case .png(let pointer)?: booktag_png_abandon(pointer)
        case .jpeg(let pointer)?: booktag_jpeg_abandon(pointer)
        case nil: break
        }
    }

    /// Writes the canvas's band: the rows after those written before. Throws `CollageError`, or
    /// the file's error.
    func append(_ canvas: CollageCanvas) throws {
        let rows = Int32(canvas.band.count)
        let status: Int32
        switch writer {
        case .png(let pointer)?: status = booktag_png_append(pointer, canvas.bandRows, rows)
        case .jpeg(let pointer)?: status = booktag_jpeg_append(pointer, canvas.bandRows, rows)
        case nil: status = -1
        }
        guard status == 0 else { throw CollageError.encodingFailed(format.rawValue) }
        if let file, case .png(let pointer)? = writer {
            var length = 0
            guard let bytes = booktag_png_pending(pointer, &length) else { return }
            try file.write(UnsafeRawBufferPointer(start: bytes, count: length))
            booktag_png_taken(pointer)
        }
    }

    /// The image, once every row was written; with a file, the rest of it is written there and
    /// nothing is returned.
    func finish() throws -> Data {
        var length = 0
        let bytes: UnsafeMutablePointer<UInt8>?
        switch writer {
        case .png(let pointer)?: bytes = booktag_png_finish(pointer, &length)
        case .jpeg(let pointer)?: bytes = booktag_jpeg_finish(pointer, &length)
        case nil: bytes = nil
        }
        writer = nil
        guard let bytes else { throw CollageError.encodingFailed(format.rawValue) }
        let png = format == .png
        if let file {
            defer { png ? booktag_png_free(bytes) : booktag_jpeg_free(bytes) }
            try file.write(UnsafeRawBufferPointer(start: bytes, count: length))
            return Data()
        }
        // The writer's buffer becomes the Data, not a copy of it: a PNG of a hundred photographic
        // covers is some 10 MB, which a copy held twice.
        return Data(
            bytesNoCopy: bytes, count: length,
            deallocator: .custom { pointer, _ in
                let bytes = pointer.assumingMemoryBound(to: UInt8.self)
                png ? booktag_png_free(bytes) : booktag_jpeg_free(bytes)
            })
    }
}
