import CImageCodec
import CLibGD
import Foundation

/// Draws a collage image: the title, the covers where `CollagePlanner` puts them (fitted or
/// cropped to their frames), labels and the credit, on a `CollageCanvas`. JPEG covers are decoded
/// by libjpeg at a reduced DCT scale, PNG covers by libpng, and both scaled by `booktag_scale`
/// (CImageCodec); only the rare GIF or WebP cover opens libgd. Text is shaped by Pango
/// (`CollageText`), whose font set-up runs on one core while covers decode on the others. A
/// cover that will not decode becomes a neutral tile with the book's title, never a failed
/// collage; when no text can be drawn at all the image is made without it, and says why.
public struct CollageRenderer: Sendable {
    /// libpng row filters, chosen by measurement (`booktag-bench collage`).
    public enum PNGFilter: Int32, Sendable, CaseIterable {
        /// No filter: fastest, largest.
        case none = 0x08
        /// Each byte less the one to its left.
        case sub = 0x10
        /// Each byte less the one above.
        case up = 0x20
        /// Each byte less the mean of left and above.
        case average = 0x40
        /// Paeth's predictor: nearly as small as adaptive, quicker.
        case paeth = 0x80
        /// libpng tries every filter on each row: smallest, slowest.
        case adaptive = 0xF8
    }

    /// How PNG rows are deflated, the most of the cost of writing a PNG collage.
    public enum PNGCompression: Sendable, Hashable {
        /// booktag's run-length coder (zlib's Z_RLE): each byte a literal or a run of the one
        /// before. Twice libdeflate's level-1 speed on covers (twenty times on flat colour), and
        /// its strips join without a walk; after Paeth's filter, genuine covers take 0.84 of the
        /// bytes per pixel libvips' own PNGs do, flat ones 0.6 (docs/performance.md).
        case runLength
        /// libdeflate at a level from 0 (stored) to 12 (smallest): a tenth fewer bytes at level 1.
        case libdeflate(level: Int32)

        /// The PNG writer's `level` argument.
        var level: Int32 {
            switch self {
            case .runLength: Int32(BOOKTAG_PNG_RUN_LENGTH)
            case .libdeflate(let level): level
            }
        }
    }

    /// How PNG collages are deflated: speed first, within the bytes libvips writes
    /// (`booktag-bench collage`).
    public var pngCompression = PNGCompression.runLength
    /// The PNG row filter (benchmarks compare them). Paeth's predictor (16 bytes at a time)
    /// leaves zeros wherever a row goes on as the one above or the pixel before it does, runs the
    /// run-length coder takes whole: flat collages take half the bytes "up" leaves them, covers
    /// a thirtieth fewer, in the same time.
    public var pngFilter: PNGFilter = .paeth
    /// libjpeg's fast integer DCT when writing JPEG (see `booktag-bench collage`).
    public var jpegFastDCT = false
    /// Huffman tables made for each JPEG (a second pass): 2–3 % smaller photographic collages,
    /// a quarter smaller flat ones, but libjpeg then keeps every block of the image until the end
    /// (a 4k collage peaks at 61–64 MB instead of 43, and takes two fifths longer); off, as in
    /// libvips.
    public var jpegOptimizedHuffman = false
    /// Where fontconfig keeps the caches it writes, so that drawing text writes nothing outside
    /// booktag's home (`CollageMaker` sets it to the home's `cache/fontconfig`). Ignored when the
    /// user chose a fontconfig set-up with `FONTCONFIG_FILE` or `FONTCONFIG_PATH`.
    public var fontCacheFolder: URL?
    /// The canvas of one band, in bytes (4 a pixel): a collage larger than `wholeImageBytes` is
    /// drawn and written in bands of rows, cut between rows of covers where one fits, one band
    /// drawn while the one before is encoded, so that a tag's 100-cover collage holds 2 MiB of
    /// canvas rather than 33 MB (docs/performance.md).
    public var bandBytes = CollageRenderer.defaultBandBytes
    /// What `bandBytes` starts as: 1 MiB.
    public static let defaultBandBytes = 1 << 20
    /// A collage whose canvas takes at most this many bytes is drawn as one band (a 12-cover
    /// collage is 3.7 MB): encoded whole, its PNG is deflated on both cores at once, where four
    /// bands of 1 MiB made `booktag collage` a fifth slower than 0.4.0. A larger one is drawn
    /// in bands of `bandBytes`. Starts as `MemoryLimits.command`'s; `booktag serve`'s is 0, so
    /// that every collage holds one band at a time.
    public var wholeImageBytes = MemoryLimits.command.wholeImageBytes
    /// Covers larger than this many pixels are not decoded (decompression bombs); they get a tile.
    public static let maximumCoverPixels = 25_000_000

    /// A renderer with the default filter and quality.
    public init() {}

    /// Starts setting fonts up (loading Pango, cairo and fontconfig, reading font caches) on
    /// another thread, for a process that knows it is about to draw: the slowest part of a
    /// small collage then overlaps opening the store and reading covers. Later renders wait for
    /// it; calling it again does nothing.
    public static func prepareText(fontCacheFolder: URL?) {
        CollageText.keepFontCaches(in: fontCacheFolder)
        DispatchQueue.global(qos: .userInitiated).async { try? CollageText.load() }
    }

    /// `title` (`nil`: none) is the caption; `stats`, with `options.stats`, the numbers and
    /// charts drawn under the covers; `credit` ("books from Open Library") is drawn small in the
    /// bottom margin, where readers look for an attribution.
    public func render(
        title: String?, covers: [CollageCover], options: CollageOptions, format: CollageImageFormat,
        credit: String? = nil,
        stats: TagStats? = nil
    ) throws -> CollageImage {
        try render(
            title: title, covers: covers, options: options, format: format, credit: credit, stats: stats, into: nil)
    }

    /// `render`, the image written into `file` as it is encoded (its `data` then empty). With a
    /// `page` (a print), the collage is planned for its `content` and the image is the whole page.
    func render(
        title: String?, covers: [CollageCover], options: CollageOptions, format: CollageImageFormat, credit: String?,
        stats: TagStats?,
        into file: UnnamedFile?, page: PrintPage? = nil
    ) throws -> CollageImage {
        let clock = ContinuousClock()
        let started = clock.now
        let size = try page.map { try CollageSize(width: $0.content.width, height: $0.content.height) } ?? options.size
        let planner = CollagePlanner(
            size: size, columns: options.columns, layout: options.layout, fit: options.fit,
            labelLines: CollageCover.labelLineCount(options.labels), showsTitle: title != nil,
            showsStats: options.stats && stats != nil,
            statsHaveCharts: !(stats?.charts.isEmpty ?? true), statsHaveCalendar: stats?.calendar != nil)
        // Each cover's header is read to measure it, on every core (a hundred files at 4k); a
        // file cover is read whole when drawn.
        let aspects = Locked([Double?](repeating: nil, count: covers.count))
        DispatchQueue.concurrentPerform(iterations: covers.count) { index in
            guard let info = covers[index].source?.info() else { return }
            aspects.withLock { $0[index] = Double(info.width) / Double(info.height) }
        }
        let reading = clock.now - started
        let planned = try planner.plan(aspects: aspects.withLock { $0 })
        let plan = page.map(planned.moved) ?? planned
        let plannedAt = clock.now
        let theme = options.theme
        let canvasBytes = MemoryLayout<Int32>.stride * plan.width * plan.height
        let bandRows =
            canvasBytes <= wholeImageBytes
            ? plan.height : max(1, min(plan.height, bandBytes / (MemoryLayout<Int32>.stride * plan.width)))
        let bands = Self.bands(of: plan, rows: bandRows)
        // A second canvas when there are several bands: the next band is drawn while the last
        // one is filtered and deflated, so that both cores stay busy through a tall collage.
        let canvases = try (0..<min(2, bands.count)).map { _ in
            guard
                let canvas = CollageCanvas(
                    width: plan.width, height: plan.height, background: theme.background, bandRows: bandRows)
            else { throw CollageError.outOfMemory }
            return canvas
        }
        let encoder = try CollageEncoder(
            width: plan.width, height: plan.height, format: format, settings: self,
            jpegQuality: Int32(options.jpegQuality), file: file)
        let unreadable = Locked<[String]>([])
        let textProblem = Locked<String?>(nil)
        let timings = Locked(CollageTimings())
        CollageText.keepFontCaches(in: fontCacheFolder)
        // Bands are encoded in order, one at a time, on `encoding`; a canvas is drawn on again
        // only once its band has been encoded (`free`).
        let encoding = DispatchQueue(label: "booktag.collage.encoding")
        let free = canvases.map { _ in DispatchSemaphore(value: 1) }
        let encodingFailure = Locked<(any Error)?>(nil)
        let spanning = SpanningCovers()
        let ahead = CoversAhead(
            frames: plan.cells.map(\.frame), drawable: covers.map { $0.source != nil }, bands: bands
        ).schedule
        var drawing = Duration.zero
        for (index, band) in bands.enumerated() {
            let slot = index % canvases.count
            let canvas = canvases[slot]
            free[slot].wait()
            if encodingFailure.withLock({ $0 != nil }) {
                free[slot].signal()
                break
            }
            let start = clock.now
            if band != canvas.band { canvas.show(band) }
            let shown = plan.cells.indices.filter { canvas.holds(plan.cells[$0].frame) }
            // Job 0 sets up fonts (the slowest part of a small collage) and draws the title,
            // labels and credit while the other jobs draw one cover each, those the band shows and
            // then those it draws ahead for later bands; their areas do not overlap.
            DispatchQueue.concurrentPerform(iterations: shown.count + ahead[index].count + 1) { job in
                var texts: [String] = []
                if job == 0 {
                    let start = clock.now
                    do {
                        try CollageText.load()
                        let loaded = clock.now
                        texts = drawText(
                            title: title, credit: credit, covers: covers, plan: plan, labels: options.labels,
                            theme: theme, words: Words(options.language), on: canvas)
                        if let stats, let panel = plan.stats, canvas.holds(panel) {
                            texts += CollageStatsPanel(stats: stats, theme: theme).draw(in: panel, on: canvas)
                        }
                        let end = clock.now
                        timings.withLock {
                            $0.fontSetUp += loaded - start
                            $0.text += end - loaded
                        }
                    } catch CollageError.libraryMissing(let reason) {
                        textProblem.withLock { $0 = reason }
                    } catch {
                        textProblem.withLock { $0 = error.localizedDescription }
                    }
                } else if job > shown.count {
                    let index = ahead[index][job - shown.count - 1]
                    guard let source = covers[index].source else { return }
                    spanning.drawAhead(index, frame: plan.cells[index].frame, background: theme.background) {
                        drawCover(source, into: $1, fill: plan.fillsFrames, on: $0, clock: clock, timings: timings)
                    }
                    return
                } else {
                    let index = shown[job - 1]
                    let cover = covers[index]
                    let frame = plan.cells[index].frame
                    if let source = cover.source {
                        func draw(on target: CollageCanvas, into frame: CollagePlan.Rect) -> Bool {
                            drawCover(
                                source, into: frame, fill: plan.fillsFrames, on: target, clock: clock, timings: timings)
                        }
                        let drawn =
                            SpanningCovers.isCut(frame, by: canvas.band) || spanning.holds(index)
                            ? spanning.copy(index, frame: frame, into: canvas, background: theme.background, draw: draw)
                            : draw(on: canvas, into: frame)
                        if drawn { return }
                    }
                    texts = drawTile(cover.title, in: frame, pixels: plan.labelPixels * 1.15, theme: theme, on: canvas)
                }
                if !texts.isEmpty { unreadable.withLock { $0 += texts } }
            }
            drawing += clock.now - start
            encoding.async {
                defer { free[slot].signal() }
                let start = clock.now
                do {
                    try encoder.append(canvas)
                } catch {
                    encodingFailure.withLock { $0 = $0 ?? error }
                }
                let end = clock.now
                timings.withLock { $0.encoding += end - start }
            }
        }
        encoding.sync {}
        if let failure = encodingFailure.withLock({ $0 }) { throw failure }
        // The PNG writer's threads may still be deflating the last bands: that is encoding too.
        let finishing = clock.now
        let data = try encoder.finish()
        timings.withLock { $0.encoding += clock.now - finishing }
        var spent = timings.withLock { $0 }
        spent.reading += reading
        spent.planning = plannedAt - started - reading
        spent.drawing = drawing
        if let reason = textProblem.withLock({ $0 }) {
            return CollageImage(
                data: data, plan: plan, missingGlyphs: MissingGlyphs(characters: [], textUnavailable: reason),
                timings: spent)
        }
        let missing = unreadable.withLock { texts in
            texts.isEmpty ? [] : CollageText.missingCharacters(in: texts.joined(separator: " "))
        }
        return CollageImage(
            data: data, plan: plan, missingGlyphs: missing.isEmpty ? nil : MissingGlyphs(characters: missing),
            timings: spent)
    }
}
