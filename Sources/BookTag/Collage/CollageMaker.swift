import Foundation

/// Makes a tag's collage: an image (PNG or JPEG) or the HTML page, written atomically to
/// `collages/<safe name>.<ext>` unless another file is named. `make` works from the store with
/// no network; `prepare` works from a gathering that is about to be stored.
public struct CollageMaker: Sendable {
    /// The store whose tags and covers are drawn.
    public var store: BookStore
    /// Draws the images.
    public var renderer: CollageRenderer

    /// A renderer whose font caches are not given a folder gets the home's `cache/fontconfig`.
    public init(store: BookStore, renderer: CollageRenderer = CollageRenderer()) {
        self.store = store
        self.renderer = renderer
        if self.renderer.fontCacheFolder == nil {
            self.renderer.fontCacheFolder = Self.fontCacheFolder(in: store.home)
        }
    }

    /// Where fontconfig writes its caches for a home.
    public static func fontCacheFolder(in home: BookTagHome) -> URL {
        home.cacheFolder.appendingPathComponent("fontconfig", isDirectory: true)
    }

    /// Where a tag's collage goes by default.
    public func defaultFile(for tag: TagName, format: CollageFormat) -> URL {
        defaultFile(forKey: tag.key, format: format)
    }

    /// The same for a stored tag, by its key.
    public func defaultFile(forKey key: String, format: CollageFormat) -> URL {
        store.home.collagesFolder.appendingPathComponent("\(CollageName.baseName(forKey: key)).\(format.fileExtension)")
    }

    /// The formats the tag has a collage in, in the collages folder.
    public func existingFormats(forKey key: String) -> [CollageFormat] {
        CollageFormat.allCases.filter {
            FileManager.default.fileExists(atPath: defaultFile(forKey: key, format: $0).path)
        }
    }

    /// Renders the stored set and writes the collage. A collage written to the collages folder
    /// is the tag's: the store records how it was drawn.
    @discardableResult
    public func make(tag name: TagName, options: CollageOptions, output: URL? = nil, embedImages: Bool = false) throws
        -> CollageResult
    {
        try make(tag: name, options: options, output: output, embedImages: embedImages, forGallery: false)
    }

    /// `make`; `forGallery`: the page is one of the gallery being made, so it links to it, and
    /// the gallery is written once at the end instead of after each page.
    func make(tag name: TagName, options: CollageOptions, output: URL?, embedImages: Bool, forGallery: Bool) throws
        -> CollageResult
    {
        let tag = try store.existingTag(name)
        let entries = try store.books(of: name).prefix(Self.maximumCovers).map(CollageEntry.init)
        guard !entries.isEmpty else { throw CollageError.noBooks(tag.name) }
        let file = (output ?? defaultFile(for: name, format: options.format)).standardizedFileURL
        let collages = store.home.collagesFolder.standardizedFileURL
        let inCollages = file.deletingLastPathComponent().path == collages.path
        if inCollages { try store.home.createFolders() }
        let rendered = try render(
            title: tag.name, source: tag.source, entries: entries, options: options,
            folder: file.deletingLastPathComponent(),
            embedImages: embedImages, linksGallery: forGallery || galleryExists)
        let clock = ContinuousClock()
        let writing = clock.now
        var timings = rendered.timings
        guard inCollages else {
            try AtomicFile.write(to: file, create: rendered.bytes.writeNew)
            timings?.writing = clock.now - writing
            return CollageResult(
                file: file, style: options.style, missingGlyphs: rendered.missingGlyphs, timings: timings)
        }
        let lock = try PreparedCollage.lockFolder(collages)
        let prepared = try PreparedCollage(bytes: rendered.bytes, destination: file, lock: lock)
        prepared.result = CollageResult(file: file, style: options.style, missingGlyphs: rendered.missingGlyphs)
        prepared.afterCommit = { [store] in try store.setCollageStyle(options.style, forKey: tag.key) }
        var result = try prepared.commit()
        timings?.writing = clock.now - writing
        result.timings = timings
        // A gallery made earlier shows this tag's count and covers: keep it true.
        if options.format == .html, !forGallery, galleryExists {
            _ = try? writeGallery(theme: options.theme, language: options.language)
        }
        return result
    }

    /// The stored set's collage as PNG or JPEG bytes, written nowhere: for a download that must
    /// not change the tag's own collage (`booktag serve`).
    public func imageData(tag name: TagName, options: CollageOptions) throws -> Data {
        let tag = try store.existingTag(name)
        guard options.format.imageFormat != nil else {
            throw CollageOptionError.notAnImageFormat(options.format.rawValue)
        }
        let entries = try store.books(of: name).prefix(Self.maximumCovers).map(CollageEntry.init)
        guard !entries.isEmpty else { throw CollageError.noBooks(tag.name) }
        return try render(
            title: tag.name, source: tag.source, entries: entries, options: options, folder: store.home.collagesFolder,
            embedImages: false,
            linksGallery: false, streaming: false
        ).bytes.data
    }

    /// What an image or a print of `entries` draws: the title, the covers (stored ones stay in
    /// their files until drawn, so a collage holds a few at a time; `replacing` swaps a stored
    /// cover for another file, a print's larger one), the credit, and the numbers if asked.
    func drawing(
        tag tagName: String, source: SourceKind, entries: [CollageEntry], options: CollageOptions,
        replacing: [String: String] = [:]
    ) throws -> (title: String?, covers: [CollageCover], credit: String?, stats: TagStats?) {
        let covers = entries.map { entry in
            CollageCover(
                title: entry.title, author: entry.author, year: entry.year, rating: entry.rating,
                source: entry.cover.map(CollageCover.Image.bytes)
                    ?? .file(store.coverURL(replacing[entry.coverPath] ?? entry.coverPath)))
        }
        return (
            options.title.text(forTag: tagName), covers,
            Self.credit(for: source, books: entries.lazy.map(\.bookID.source), in: Words(options.language)),
            options.stats ? try store.stats(of: TagName(tagName)).inLanguage(options.language) : nil
        )
    }

    /// Draws every collage the tag has in the collages folder again, each in its format, in
    /// the style the store recorded (else `options`): after its set changed (`drop`, `reroll`).
    public func remakeExisting(tag name: TagName, options: CollageOptions, except skipped: CollageFormat? = nil) throws
        -> [CollageResult]
    {
        let tag = try store.existingTag(name)
        let style = options.following(tag.collageStyle)
        return try existingFormats(forKey: tag.key).filter { $0 != skipped }.map { format in
            try make(tag: name, options: style.with(format: format))
        }
    }

    /// Renders the collage of a set not stored yet into a hidden file in the collages folder;
    /// the caller commits it once the set is stored, or discards it.
    func prepare(title: String, key: String, source: SourceKind, books: [GatheredBook], options: CollageOptions) throws
        -> PreparedCollage
    {
        try prepare(
            title: title, key: key, source: source,
            entries: try books.prefix(Self.maximumCovers).map(CollageEntry.init), options: options)
    }

    /// The same for books whose covers are already files under the home (an import's staged set).
    func prepare(title: String, key: String, source: SourceKind, entries: [CollageEntry], options: CollageOptions)
        throws -> PreparedCollage
    {
        guard !entries.isEmpty else { throw CollageError.noBooks(title) }
        let file = defaultFile(forKey: key, format: options.format)
        try store.home.createFolders()
        // The numbers are counted from the stored set: drawn once it is (`redraw`).
        var withoutStats = options
        withoutStats.stats = false
        let rendered = try render(
            title: title, source: source, entries: entries, options: withoutStats,
            folder: file.deletingLastPathComponent(), embedImages: false,
            linksGallery: galleryExists)
        let lock = try PreparedCollage.lockFolder(store.home.collagesFolder)
        let prepared = try PreparedCollage(bytes: rendered.bytes, destination: file, lock: lock)
        prepared.result = CollageResult(file: file, style: options.style, missingGlyphs: rendered.missingGlyphs)
        prepared.afterCommit = { [store] in try store.setCollageStyle(options.style, forKey: key) }
        if options.stats {
            prepared.redraw = { [self] in try self.make(tag: TagName(title), options: options) }
        }
        return prepared
    }

    /// The collage's bytes. For HTML, cover references are relative to `folder`. An image is
    /// streamed into an unnamed file in `folder` where its file system allows, unless not `streaming`.
    func render(
        title tagName: String, source: SourceKind, entries: [CollageEntry], options: CollageOptions, folder: URL,
        embedImages: Bool,
        linksGallery: Bool, streaming: Bool = true
    ) throws -> (bytes: CollageBytes, missingGlyphs: MissingGlyphs?, timings: CollageTimings?) {
        let credit = Self.credit(for: source, books: entries.lazy.map(\.bookID.source), in: Words(options.language))
        let title = options.title.text(forTag: tagName)
        if let imageFormat = options.format.imageFormat {
            let drawn = try drawing(tag: tagName, source: source, entries: entries, options: options)
            let file = streaming ? UnnamedFile(in: folder) : nil
            let image = try renderer.render(
                title: drawn.title, covers: drawn.covers, options: options, format: imageFormat, credit: drawn.credit,
                stats: drawn.stats, into: file)
            return (file.map(CollageBytes.file) ?? .data(image.data), image.missingGlyphs, image.timings)
        }
        let books = try entries.map { entry -> CollagePage.Book in
            let coverFile = store.coverURL(entry.coverPath)
            let source: String?
            if embedImages {
                source = (entry.cover ?? (try? FileBytes.read(coverFile))).flatMap { data in
                    ImageInfo.format(of: data).map { "data:image/\($0.rawValue);base64,\(data.base64EncodedString())" }
                }
            } else {
                source = RelativePath.from(folder: folder, to: coverFile)
            }
            let details = try store.book(id: entry.bookID)?.details
            return CollagePage.Book(
                title: entry.title, author: entry.author, year: entry.year ?? details?.publicationYear,
                rating: entry.rating, descriptionHTML: details?.descriptionHTML, imageSource: source)
        }
        let inCollages = folder.standardizedFileURL.path == store.home.collagesFolder.standardizedFileURL.path
        let page = CollagePage(
            title: title ?? tagName, books: books, theme: options.theme, columns: options.columns ?? 4, credit: credit,
            gallery: inCollages && linksGallery ? CollageGallery.fileName : nil,
            showsHeading: title != nil,
            stats: options.stats ? try store.stats(of: TagName(tagName)).inLanguage(options.language) : nil,
            words: Words(options.language))
        return (.data(Data(page.html().utf8)), nil, nil)
    }
}

extension CollageMaker {
    /// A collage shows at most this many covers (the first ones): a tag made from a whole shelf
    /// may hold thousands, more than a picture can show.
    public static let maximumCovers = 100

    /// The attribution a collage carries.
    public static func credit(for source: SourceKind, in words: Words = .english) -> String {
        words("books from %s", source.displayName)
    }

    /// The attribution of a wall whose books are of `books`' sources: none when no book came
    /// from a service (every cover drawn, or the reader's own files: Calibre's, an EPUB's).
    static func credit(for source: SourceKind, books: some Sequence<SourceKind>, in words: Words = .english) -> String?
    {
        books.contains { $0 != .library && $0 != .calibre } ? credit(for: source, in: words) : nil
    }
}
