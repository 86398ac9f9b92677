import Foundation

extension CollageMaker {
    /// The folder prints go to unless another file is named: beside the collages, apart from
    /// them, so that a print never passes for a tag's own collage.
    public var printsFolder: URL { store.home.collagesFolder.appendingPathComponent("print", isDirectory: true) }

    /// Where a tag's print goes by default: `collages/print/<name>-<paper>.pdf` (or `.png`, `.jpg`).
    public func defaultPrintFile(for tag: TagName, print: PrintOptions, format: CollageImageFormat?) -> URL {
        let name = "\(CollageName.baseName(forKey: tag.key))-\(print.fileSuffix).\(format?.fileExtension ?? "pdf")"
        return printsFolder.appendingPathComponent(name)
    }

    /// Draws the stored set for print, with no network, each cover at the largest size stored
    /// (`FetchLargestCovers` fetches them): a PDF (`format` `nil`), or the same
    /// page as a PNG or JPEG at ``PrintOptions/unitsPerInch``, drawn in bands. Written
    /// atomically; a print is not the tag's collage and changes nothing in the store.
    public func makePrint(
        tag name: TagName, options: CollageOptions, print: PrintOptions, format: CollageImageFormat?, output: URL?
    ) throws -> PrintResult {
        let tag = try store.existingTag(name)
        let entries = try store.books(of: name).prefix(Self.maximumCovers).map(CollageEntry.init)
        guard !entries.isEmpty else { throw CollageError.noBooks(tag.name) }
        let file = (output ?? defaultPrintFile(for: name, print: print, format: format)).standardizedFileURL
        if output == nil {
            try store.home.createFolders()
            try FileManager.default.createDirectory(at: printsFolder, withIntermediateDirectories: true)
        }
        // Each cover at the largest form a source gave, where one was fetched for print.
        let (title, covers, credit, stats) = try drawing(
            tag: tag.name, source: tag.source, entries: entries, options: options,
            replacing: try store.largestCoverPaths(of: name))
        let page = PrintPage(print)
        guard let format else {
            var printed: (sharpness: PrintSharpness, missingGlyphs: MissingGlyphs?)?
            try AtomicFile.write(to: file) { temporary in
                let descriptor = open(temporary.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else { throw AtomicFile.posixError(errno, "create", temporary) }
                defer { close(descriptor) }
                do {
                    printed = try PrintRenderer(renderer: renderer).render(
                        title: title, covers: covers, options: options, print: print, credit: credit, stats: stats,
                        to: descriptor)
                    guard fsync(descriptor) == 0 else { throw AtomicFile.posixError(errno, "fsync", temporary) }
                } catch {
                    unlink(temporary.path)
                    throw error
                }
            }
            guard let printed else { throw PrintError.pdfFailed }
            return PrintResult(
                file: file, options: print, sharpness: printed.sharpness, missingGlyphs: printed.missingGlyphs)
        }
        let folder = file.deletingLastPathComponent()
        let unnamed = UnnamedFile(in: folder)
        let image = try renderer.render(
            title: title, covers: covers, options: options, format: format, credit: credit, stats: stats,
            into: unnamed, page: page)
        let bytes = unnamed.map(CollageBytes.file) ?? .data(image.data)
        try AtomicFile.write(to: file, create: bytes.writeNew)
        let sharpness = PrintSharpness(
            pixelsPerInch: zip(covers, image.plan.cells).compactMap { cover, cell in
                cover.source?.info().map {
                    PrintSharpness.pixelsPerInch(
                        width: $0.width, height: $0.height, in: cell.frame, fill: image.plan.fillsFrames)
                }
            })
        return PrintResult(file: file, options: print, sharpness: sharpness, missingGlyphs: image.missingGlyphs)
    }
}
