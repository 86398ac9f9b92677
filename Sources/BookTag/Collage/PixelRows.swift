import CLibGD

/// Row-wise fills on true-colour libgd images. libgd 2.3 fills one pixel at a time through
/// gdImageSetPixel; writing whole rows of its `tpixels` is an order of magnitude faster.
/// Everything is clipped to the image's bounds.
enum PixelRows {
    static func fill(_ image: gdImagePtr, _ rect: CollagePlan.Rect, color: CollageTheme.RGB) {
        let value = Int32(color.red << 16 | color.green << 8 | color.blue)
        let left = max(0, rect.x), right = min(Int(image.pointee.sx), rect.maxX)
        let top = max(0, rect.y), bottom = min(Int(image.pointee.sy), rect.maxY)
        guard image.pointee.trueColor != 0, left < right, top < bottom, let rows = image.pointee.tpixels else { return }
        for row in top..<bottom {
            guard let pixels = rows[row] else { continue }
            (pixels + left).update(repeating: value, count: right - left)
        }
    }
}
