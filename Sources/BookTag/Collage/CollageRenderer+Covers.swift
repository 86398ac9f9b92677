import CImageCodec
import Foundation

extension CollageRenderer {
    /// Reads, decodes and draws one cover; `false` when it cannot be read or decoded.
    ///
    /// A PNG shrunk by two or more is averaged as libpng reads it, so that its full size is never
    /// held; a JPEG is decoded at the smallest DCT scale that still gives the size drawn.
    func drawCover(
        _ source: CollageCover.Image, into frame: CollagePlan.Rect, fill: Bool, on canvas: CollageCanvas,
        clock: ContinuousClock,
        timings: Locked<CollageTimings>
    ) -> Bool {
        let reading = clock.now
        let data = source.data()
        let read = clock.now - reading
        timings.withLock { $0.reading += read }
        guard let data, let info = ImageInfo(data), info.width * info.height <= Self.maximumCoverPixels,
            frame.x >= 0, frame.y >= 0, frame.maxX <= canvas.width, frame.maxY <= canvas.height
        else {
            return false
        }
        let start = clock.now
        let place = Self.placement(width: info.width, height: info.height, in: frame, fill: fill)
        let factor = booktag_scale_factor(
            Int32(place.source.width), Int32(place.source.height), Int32(place.target.width),
            Int32(place.target.height))
        let image: DecodedCover?
        if info.format == .png, factor >= 2 {
            image = DecodedCover(png: data, part: place.source, averagedBy: Int(factor))
        } else {
            image = DecodedCover(data, format: info.format, atLeast: place.drawnWidth, place.drawnHeight)
        }
        guard let image else { return false }
        let decoded = clock.now
        let drawn: Bool
        if image.isAveraged {
            drawn =
                booktag_interpolate(
                    image.rows, 0, 0, Int32(image.width), Int32(image.height), canvas.rows,
                    Int32(place.target.x), Int32(place.target.y), Int32(place.target.width),
                    Int32(place.target.height)) == 0
        } else {
            // Placed by the size decoded: a JPEG's is reduced by its DCT scale.
            let decodedPlace = Self.placement(width: image.width, height: image.height, in: frame, fill: fill)
            let part = decodedPlace.source
            let target = decodedPlace.target
            drawn =
                booktag_scale(
                    image.rows, Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height),
                    canvas.rows, Int32(target.x), Int32(target.y), Int32(target.width), Int32(target.height)) == 0
        }
        let end = clock.now
        timings.withLock {
            $0.decoding += decoded - start
            $0.scaling += end - decoded
        }
        return drawn
    }

    /// Where an image of `width` × `height` goes in `frame`: all of it centred inside, or its
    /// centre filling it; and the size the whole image is drawn at (what a JPEG is decoded for).
    static func placement(width: Int, height: Int, in frame: CollagePlan.Rect, fill: Bool) -> CoverPlacement {
        let scale = scale(width: width, height: height, in: frame, fill: fill)
        var source = CollagePlan.Rect(x: 0, y: 0, width: width, height: height)
        var target = frame
        if fill {
            source.width = min(width, max(1, Int((Double(frame.width) / scale).rounded())))
            source.height = min(height, max(1, Int((Double(frame.height) / scale).rounded())))
            source.x = (width - source.width) / 2
            source.y = (height - source.height) / 2
        } else {
            target.width = min(frame.width, max(1, Int((Double(width) * scale).rounded())))
            target.height = min(frame.height, max(1, Int((Double(height) * scale).rounded())))
            target.x = frame.x + (frame.width - target.width) / 2
            target.y = frame.y + (frame.height - target.height) / 2
        }
        return CoverPlacement(
            source: source, target: target, drawnWidth: max(1, Int((Double(width) * scale).rounded())),
            drawnHeight: max(1, Int((Double(height) * scale).rounded())))
    }
}

extension CollageRenderer {
    /// How much an image `width` × `height` is scaled to fit in `frame`, or (`fill`) to cover it:
    /// a collage's pixels and a print's placement and sharpness all follow this one rule.
    static func scale(width: Int, height: Int, in frame: CollagePlan.Rect, fill: Bool) -> Double {
        let across = Double(frame.width) / Double(width)
        let down = Double(frame.height) / Double(height)
        return fill ? max(across, down) : min(across, down)
    }
}

/// The part of a cover drawn and where it goes.
struct CoverPlacement {
    var source: CollagePlan.Rect
    var target: CollagePlan.Rect
    var drawnWidth: Int
    var drawnHeight: Int
}
