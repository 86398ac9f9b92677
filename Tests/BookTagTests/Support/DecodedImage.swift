import BookTagTestSupport
import CLibGD
import CLibXML2
import Foundation
import Testing

@testable import BookTag

/// Decoded pixels of a rendered collage, for checks by size and sampled colour. libgd decodes
/// them: a decoder independent of booktag's own writers.
struct DecodedImage: CustomStringConvertible {
    let width: Int, height: Int
    let pixels: [Int32]

    init(_ data: Data) throws {
        try #require(booktag_gd_load() == 0, "libgd is needed to check collages")
        let image = try #require(
            data.withUnsafeBytes { raw -> gdImagePtr? in
                let bytes = UnsafeMutableRawPointer(mutating: raw.baseAddress!)
                return ImageInfo.format(of: data) == .jpeg
                    ? booktag_gdImageCreateFromJpegPtrEx(Int32(raw.count), bytes, 1)
                    : booktag_gdImageCreateFromPngPtr(Int32(raw.count), bytes)
            })
        defer { booktag_gdImageDestroy(image) }
        width = Int(booktag_gd_width(image))
        height = Int(booktag_gd_height(image))
        var pixels: [Int32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { pixels.append(booktag_gdImageGetTrueColorPixel(image, Int32(x), Int32(y))) }
        }
        self.pixels = pixels
    }

    var description: String { "\(width)×\(height) image" }

    func rgb(_ x: Int, _ y: Int) -> CollageTheme.RGB {
        let value = pixels[y * width + x]
        return CollageTheme.RGB(Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF))
    }

    /// Whether the pixel is within `tolerance` of `colour` on every channel (JPEG is lossy).
    func pixel(_ x: Int, _ y: Int, is colour: CollageTheme.RGB, tolerance: Int = 0) -> Bool {
        let p = rgb(x, y)
        return abs(p.red - colour.red) <= tolerance && abs(p.green - colour.green) <= tolerance
            && abs(p.blue - colour.blue) <= tolerance
    }
}

/// A solid-colour JPEG cover made with libgd.
func jpegCover(width: Int = 300, height: Int = 450, colour: CollageTheme.RGB) -> Data {
    precondition(booktag_gd_load() == 0, "libgd is needed to make test covers")
    let image = booktag_gdImageCreateTrueColor(Int32(width), Int32(height))!
    defer { booktag_gdImageDestroy(image) }
    booktag_gdImageFilledRectangle(
        image, 0, 0, Int32(width - 1), Int32(height - 1),
        booktag_gd_rgb(Int32(colour.red), Int32(colour.green), Int32(colour.blue)))
    var size: Int32 = 0
    let bytes = booktag_gdImageJpegPtr(image, &size, 90)!
    defer { booktag_gdFree(bytes) }
    return Data(bytes: bytes, count: Int(size))
}

/// A striped JPEG cover: `colours` side by side, left to right.
func stripedCover(width: Int, height: Int, colours: [CollageTheme.RGB]) -> Data {
    precondition(booktag_gd_load() == 0, "libgd is needed to make test covers")
    let image = booktag_gdImageCreateTrueColor(Int32(width), Int32(height))!
    defer { booktag_gdImageDestroy(image) }
    let stripe = width / colours.count
    for (index, colour) in colours.enumerated() {
        booktag_gdImageFilledRectangle(
            image, Int32(index * stripe), 0, Int32(index == colours.count - 1 ? width - 1 : (index + 1) * stripe - 1),
            Int32(height - 1),
            booktag_gd_rgb(Int32(colour.red), Int32(colour.green), Int32(colour.blue)))
    }
    var size: Int32 = 0
    let bytes = booktag_gdImageJpegPtr(image, &size, 95)!
    defer { booktag_gdFree(bytes) }
    return Data(bytes: bytes, count: Int(size))
}

extension CollageRenderer {
    /// A PNG with natural cells, as before sizes existed.
    func render(title: String?, covers: [CollageCover], options: CollageOptions = CollageOptions()) throws
        -> CollageImage
    {
        try render(title: title, covers: covers, options: options, format: .png)
    }
}

extension CollagePlan.Rect {
    var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
}
