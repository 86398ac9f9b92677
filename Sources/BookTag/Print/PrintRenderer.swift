import CImageCodec
import Foundation

/// Draws a collage as a one-page PDF for a print shop (``PrintOptions``): the background over
/// the whole page, bleed included; the plan `CollagePlanner` makes for the paper less its safe
/// margins; each cover at its full resolution, a baseline JPEG as its own bytes (`JPEGFrame`);
/// title, labels, numbers, charts and calendar as vectors through the same drawing code as the
/// images (`CollageSurface`). Then the page gets its trim and bleed boxes (`PDFPageBoxes`).
struct PrintRenderer {
    /// Draws the text and tiles, as for images.
    var renderer = CollageRenderer()

    /// Writes the PDF to `descriptor` (a new file, open to read and write); how sharp its
    /// covers print and which characters no font had.
    func render(
        title: String?, covers: [CollageCover], options: CollageOptions, print: PrintOptions, credit: String?,
        stats: TagStats?, to descriptor: Int32
    ) throws -> (sharpness: PrintSharpness, missingGlyphs: MissingGlyphs?) {
        CollageText.keepFontCaches(in: renderer.fontCacheFolder)
        let page = PrintPage(print)
        let content = page.content
        let infos = covers.map { $0.source?.info() }
        let planner = CollagePlanner(
            size: try CollageSize(width: content.width, height: content.height), columns: options.columns,
            layout: options.layout, fit: options.fit, labelLines: CollageCover.labelLineCount(options.labels),
            showsTitle: title != nil, showsStats: options.stats && stats != nil,
            statsHaveCharts: !(stats?.charts.isEmpty ?? true), statsHaveCalendar: stats?.calendar != nil)
        let plan = try planner.plan(aspects: infos.map { $0.map { Double($0.width) / Double($0.height) } })
        let theme = options.theme
        let document = try PrintDocument(width: page.width, height: page.height, title: title, descriptor: descriptor)
        document.fill(CollagePlan.Rect(x: 0, y: 0, width: page.width, height: page.height), color: theme.background)
        document.origin = (content.x, content.y)
        var unreadable = renderer.drawText(
            title: title, credit: credit, covers: covers, plan: plan, labels: options.labels, theme: theme,
            words: Words(options.language), on: document)
        if let stats, let panel = plan.stats {
            unreadable += CollageStatsPanel(stats: stats, theme: theme).draw(in: panel, on: document)
        }
        var sharpness = PrintSharpness(pixelsPerInch: [])
        for (index, cover) in covers.enumerated() {
            let frame = plan.cells[index].frame
            if let source = cover.source,
                let ppi = try place(source, id: "cover-\(index)", in: frame, fill: plan.fillsFrames, on: document)
            {
                sharpness.pixelsPerInch.append(ppi)
                continue
            }
            unreadable += renderer.drawTile(
                cover.title, in: frame, pixels: plan.labelPixels * 1.15, theme: theme, on: document)
        }
        try document.finish()
        try PDFPageBoxes.add(toFile: descriptor, bleedPoints: print.bleedMillimetres / 25.4 * 72)
        let missing = unreadable.isEmpty ? [] : CollageText.missingCharacters(in: unreadable.joined(separator: " "))
        return (sharpness, missing.isEmpty ? nil : MissingGlyphs(characters: missing))
    }

    /// Places one cover in `frame`, fitted or cropped to fill it; its pixels per inch, or `nil`
    /// when it cannot be read or decoded (the caller draws a tile).
    private func place(
        _ source: CollageCover.Image, id: String, in frame: CollagePlan.Rect, fill: Bool, on document: PrintDocument
    ) throws -> Int? {
        guard let data = source.data(), let info = ImageInfo(data), info.width > 0, info.height > 0,
            info.width * info.height <= CollageRenderer.maximumCoverPixels
        else { return nil }
        let scale = CollageRenderer.scale(width: info.width, height: info.height, in: frame, fill: fill)
        let width = Double(info.width) * scale
        let height = Double(info.height) * scale
        let place = PlacedRect(
            x: Double(frame.x) + (Double(frame.width) - width) / 2,
            y: Double(frame.y) + (Double(frame.height) - height) / 2,
            width: width, height: height)
        // A file is known by its path, so that a cover two books share is stored once.
        let key = source.fileKey ?? id
        if info.format == .jpeg, let jpeg = JPEGFrame(data), jpeg.embedsAsIs, jpeg.width == info.width,
            jpeg.height == info.height
        {
            try document.placeJPEG(data, width: info.width, height: info.height, id: key, in: place, clip: frame)
        } else {
            guard let decoded = DecodedCover(data, format: info.format, atLeast: info.width, info.height),
                decoded.width == info.width, decoded.height == info.height
            else { return nil }
            try document.placePixels(decoded, id: key, in: place, clip: frame)
        }
        return PrintSharpness.pixelsPerInch(width: info.width, height: info.height, in: frame, fill: fill)
    }
}

extension CollageCover.Image {
    /// The file's path, for a cover read from one.
    fileprivate var fileKey: String? {
        if case .file(let url) = self { return url.standardizedFileURL.path }
        return nil
    }
}
