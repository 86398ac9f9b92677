import CImageCodec
import CLibGD
import Foundation

/// A cover's pixels, decoded for drawing and released with it: JPEG by libjpeg at the smallest
/// DCT scale that still gives the size asked for, PNG by libpng (whole, or only the part drawn,
/// averaged as it is read), both into `0x00RRGGBB` rows.
/// GIF and WebP covers, which the sources hardly ever serve, are decoded by libgd, opened with
/// `dlopen` only when such a cover is met (see CLibGD.h).
final class DecodedCover {
    private var pixels = booktag_pixels()
    /// libgd's image, for GIF and WebP; it owns its own rows.
    private var gdImage: gdImagePtr?
    /// Whether the pixels are already averaged down (`init(png:part:averagedBy:)`): only
    /// interpolation is left to draw them.
    private(set) var isAveraged = false

    /// `nil` when the bytes do not decode (or are larger than `CollageRenderer.maximumCoverPixels`).
    init?(_ data: Data, format: ImageInfo.Format, atLeast width: Int, _ height: Int) {
        let maximum = CollageRenderer.maximumCoverPixels
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
            switch format {
            case .jpeg: return booktag_jpeg_decode(base, raw.count, Int32(width), Int32(height), maximum, &pixels)
            case .png: return booktag_png_decode(base, raw.count, maximum, &pixels)
            case .gif, .webp:
                gdImage = Self.decodeWithLibGD(raw, format: format)
                return gdImage == nil ? -1 : 0
            }
        }
        guard status == 0 else { return nil }
    }

    /// The `part` of a PNG averaged over `factor` × `factor` boxes as libpng reads it (the
    /// pixels `booktag_scale` would first average the whole image's into); `nil` when it does
    /// not decode.
    init?(png data: Data, part: CollagePlan.Rect, averagedBy factor: Int) {
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
            return booktag_png_decode_reduced(
                base, raw.count, CollageRenderer.maximumCoverPixels, Int32(part.x), Int32(part.y), Int32(part.width),
                Int32(part.height), Int32(factor), &pixels)
        }
        guard status == 0 else { return nil }
        isAveraged = true
    }

    deinit {
        booktag_pixels_free(&pixels)
        if let gdImage { booktag_gdImageDestroy(gdImage) }
    }

    var width: Int { gdImage.map { Int(booktag_gd_width($0)) } ?? Int(pixels.width) }
    var height: Int { gdImage.map { Int(booktag_gd_height($0)) } ?? Int(pixels.height) }

    /// Row pointers as `booktag_scale` reads them.
    var rows: UnsafePointer<UnsafePointer<Int32>?>? {
        let rows = gdImage.map { UnsafeRawPointer($0.pointee.tpixels) } ?? UnsafeRawPointer(pixels.rows)
        return rows?.assumingMemoryBound(to: UnsafePointer<Int32>?.self)
    }

    private static func decodeWithLibGD(_ raw: UnsafeRawBufferPointer, format: ImageInfo.Format) -> gdImagePtr? {
        guard booktag_gd_load() == 0, let base = raw.baseAddress, raw.count <= Int(Int32.max) else { return nil }
        let bytes = UnsafeMutableRawPointer(mutating: base)  // libgd reads only
        let image =
            format == .gif
            ? booktag_gdImageCreateFromGifPtr(Int32(raw.count), bytes)
            : booktag_gdImageCreateFromWebpPtr(Int32(raw.count), bytes)
        guard let image else { return nil }
        if image.pointee.trueColor == 0 { booktag_gdImagePaletteToTrueColor(image) }
        guard image.pointee.tpixels != nil,
            Int(booktag_gd_width(image)) * Int(booktag_gd_height(image)) <= CollageRenderer.maximumCoverPixels
        else {
            booktag_gdImageDestroy(image)
            return nil
        }
        return image
    }
}
