import CLibGD

/// Row-wise fills and copies on true-colour libgd images. libgd 2.3 does both one pixel at a
/// time through gdImageSetPixel; writing whole rows of its `tpixels` is an order of magnitude
/// faster. Everything is clipped to the images' bounds.
enum PixelRows {
    static func fill(_ image: gdImagePtr, x: Int, y: Int, width: Int, height: Int, color: Int32) {
        let imageWidth = Int(image.pointee.sx), imageHeight = Int(image.pointee.sy)
        let left = max(0, x), right = min(imageWidth, x + width)
        let top = max(0, y), bottom = min(imageHeight, y + height)
        guard image.pointee.trueColor != 0, left < right, top < bottom, let rows = image.pointee.tpixels else { return }
        for row in top..<bottom {
            guard let pixels = rows[row] else { continue }
            (pixels + left).update(repeating: color, count: right - left)
        }
    }

    /// Copies all of `source` into `destination` with its top-left corner at (x, y).
    static func copy(_ source: gdImagePtr, into destination: gdImagePtr, x: Int, y: Int) {
        let width = Int(source.pointee.sx), height = Int(source.pointee.sy)
        let left = max(0, x), right = min(Int(destination.pointee.sx), x + width)
        let top = max(0, y), bottom = min(Int(destination.pointee.sy), y + height)
        guard source.pointee.trueColor != 0, destination.pointee.trueColor != 0, left < right, top < bottom,
            let sourceRows = source.pointee.tpixels, let destinationRows = destination.pointee.tpixels
        else { return }
        for row in top..<bottom {
            guard let from = sourceRows[row - y], let to = destinationRows[row] else { continue }
            (to + left).update(from: from + (left - x), count: right - left)
        }
    }
}
