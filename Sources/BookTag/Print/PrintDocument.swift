import CPango
import Foundation

/// A one-page PDF being drawn by cairo's PDF surface (CPango.h): rectangles and text stay
/// vector, with the fonts' subsets embedded; a JPEG cover is stored as its own bytes, any other
/// cover losslessly. Coordinates are drawing units (``PrintOptions/unitsPerInch``) from the
/// page's top left, moved by `origin` so that a collage's plan can be drawn inside the margins.
final class PrintDocument: CollageSurface {
    private var pdf: OpaquePointer?
    /// Added to every rectangle drawn after it is set.
    var origin = (x: 0, y: 0)

    /// A page written to `descriptor` as it is drawn. Fails when Pango and cairo cannot be
    /// loaded (the reason names the package to install).
    init(width: Int, height: Int, title: String?, descriptor: Int32) throws(CollageError) {
        try CollageText.load()
        guard
            let pdf = booktag_pdf_create(descriptor, Double(width), Double(height), PrintOptions.unitsPerInch, title)
        else { throw .outOfMemory }
        self.pdf = pdf
    }

    deinit {
        // A document never finished is ended; the caller throws its file away.
        if let pdf { _ = booktag_pdf_finish(pdf) }
    }

    func holds(_ rect: CollagePlan.Rect) -> Bool { pdf != nil }

    func fill(_ rect: CollagePlan.Rect, color: CollageTheme.RGB) {
        guard let pdf else { return }
        let moved = moved(rect)
        booktag_pdf_fill(
            pdf, Double(moved.x), Double(moved.y), Double(moved.width), Double(moved.height), Int32(color.red),
            Int32(color.green), Int32(color.blue))
    }

    func draw(_ text: String, in box: CollagePlan.Rect, style: CollageText.Style) -> Int {
        guard let pdf, box.width > 0, box.height > 0, !text.isEmpty else { return 0 }
        let box = moved(box)
        let rect = [Double(box.x), Double(box.y), Double(box.width), Double(box.height)]
        let unknown = booktag_pdf_text(
            pdf, text, style.family, style.pixels, Int32(style.maxLines), style.alignment.rawValue,
            style.centered ? 1 : 0, rect, Int32(style.color.red), Int32(style.color.green), Int32(style.color.blue))
        return max(0, Int(unknown))
    }

    /// A JPEG's own bytes in `place`, clipped to `clip`; stored once however often its `id` is placed.
    func placeJPEG(_ data: Data, width: Int, height: Int, id: String, in place: PlacedRect, clip: CollagePlan.Rect)
        throws(CollageError)
    {
        guard let pdf else { throw .outOfMemory }
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return -1 }
            return booktag_pdf_jpeg(
                pdf, base, raw.count, Int32(width), Int32(height), id, moved(place).array, moved(clip).array)
        }
        guard status == 0 else { throw .outOfMemory }
    }

    /// Decoded pixels, stored losslessly, in `place` clipped to `clip`.
    func placePixels(_ cover: DecodedCover, id: String, in place: PlacedRect, clip: CollagePlan.Rect)
        throws(CollageError)
    {
        guard let pdf, let rows = cover.rows else { throw .outOfMemory }
        let status = booktag_pdf_pixels(
            pdf, rows, Int32(cover.width), Int32(cover.height), id, moved(place).array, moved(clip).array)
        guard status == 0 else { throw .outOfMemory }
    }

    /// Ends the page and the document, every byte written.
    func finish() throws(PrintError) {
        guard let pdf else { throw .pdfFailed }
        self.pdf = nil
        guard booktag_pdf_finish(pdf) == 0 else { throw .pdfFailed }
    }

    private func moved(_ rect: CollagePlan.Rect) -> CollagePlan.Rect {
        CollagePlan.Rect(x: rect.x + origin.x, y: rect.y + origin.y, width: rect.width, height: rect.height)
    }

    private func moved(_ rect: PlacedRect) -> PlacedRect {
        PlacedRect(x: rect.x + Double(origin.x), y: rect.y + Double(origin.y), width: rect.width, height: rect.height)
    }
}

/// A rectangle in fractional drawing units: where a cover's whole image lies, which may reach
/// past its frame when it is cropped to fill it.
struct PlacedRect: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var array: [Double] { [x, y, width, height] }
}

extension CollagePlan.Rect {
    fileprivate var array: [Double] { [Double(x), Double(y), Double(width), Double(height)] }
}
